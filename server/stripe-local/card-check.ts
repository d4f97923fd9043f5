import { DECLINED_MESSAGE } from './pages';

/** Stripe's test cards this checkout knows; any other number is refused as Stripe refuses a mistyped one. */
const SUCCEEDS = '4242424242424242';
const DECLINED = new Set(['4000000000000341', '4000000000000002']);

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardResult = { ok: true } | { ok: false; field: CardField; message: string };

/** Expiry and CVC accept anything plausible: a month 01-12 with a two- or four-digit year not past, 3 or 4 digits. */
export function checkCard(number: string, expiry: string, cvc: string, now: number): CardResult {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  const date = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = date ? Number(date[1]) : 0;
  if (!date || month < 1 || month > 12) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const year = date[2]!.length === 2 ? 2000 + Number(date[2]) : Number(date[2]);
  const today = new Date(now * 1000);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  if (DECLINED.has(digits)) return { ok: false, field: 'number', message: DECLINED_MESSAGE };
  if (digits !== SUCCEEDS) return { ok: false, field: 'number', message: 'Your card number is invalid. Use 4242 4242 4242 4242 in this test checkout.' };
  return { ok: true };
}
