import type { Config } from '../../env';
import type { RateRule } from '../limits/rate-limit';

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

/**
 * Wrong codes entered for one address before signing in with it pauses. With 3 codes per 15
 * minutes and 5 tries each, an address would otherwise take about 1,440 guesses a day (a 4 % chance
 * of taking the account in 30 days). NIST SP 800-63B allows at most 100 consecutive failures; 20 a
 * day leaves a member who mistypes plenty of room and an attacker 20 in a million a day. A correct
 * code clears the count (failures in a row are what counts).
 */
export const FAILED_CODES_PER_ADDRESS = 20;
export const FAILED_CODES_WINDOW_MS = 24 * 60 * 60 * 1000;

export function failedCodesOf(email: string): RateRule {
  return { bucket: `pin-verify-failures:email:${email}`, limit: FAILED_CODES_PER_ADDRESS, windowMs: FAILED_CODES_WINDOW_MS };
}
