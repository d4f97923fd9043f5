import { createHash } from 'node:crypto';

/**
 * Stable ids for demo rows: a UUID (version 8, "custom") made from a hash of a key such as
 * 'event:flagship-summit'. The same data gets the same ids on every seed, so links a developer
 * saved keep working after `npm run db:seed -- --force`. Rows users create later get random ids.
 */
export function seedUuid(key: string): string {
  const hex = createHash('sha256').update(`mingle-demo:${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
