import type { Config } from '../env';
import type { RateRule } from './rate-limit';

const WINDOW_MS = 15 * 60 * 1000;

/** At most 3 codes mailed to one address per 15 minutes, whoever asks (no mail bombing). */
export const CODES_PER_ADDRESS = 3;

export function codesPerAddress(email: string): RateRule {
  return { bucket: `pin-request:email:${email}`, limit: CODES_PER_ADDRESS, windowMs: WINDOW_MS };
}

/** Code requests from one IP, so one client cannot mail many addresses or probe which exist. */
export function codeRequestsPerIp(ip: string, config: Config): RateRule {
  return { bucket: `pin-request:ip:${ip}`, limit: config.RATE_LIMIT_PER_IP, windowMs: WINDOW_MS };
}

/** Verification attempts from one IP, on top of the 5 tries per code, against guessing across addresses. */
export function verifyAttemptsPerIp(ip: string, config: Config): RateRule {
  return { bucket: `pin-verify:ip:${ip}`, limit: config.RATE_LIMIT_VERIFY_PER_IP, windowMs: WINDOW_MS };
}
