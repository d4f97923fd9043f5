/**
 * Consent is granted when both terms and privacy are present and not revoked (docs/product.md section 4).
 * Kept apart from the valibot schemas so the app shell can use it without loading them.
 */
export function hasRequiredConsent(consents: readonly { type: string; revokedAt: string | null }[]): boolean {
  const active = (type: string) => consents.some((c) => c.type === type && c.revokedAt === null);
  return active('terms') && active('privacy');
}
