/**
 * A profile is complete only with both role and story (docs/product.md section 3).
 * Kept apart from the valibot schemas so the app shell can use it without loading them.
 */
export function isProfileComplete(user: { role: string | null; story: string | null }): boolean {
  return Boolean(user.role?.trim()) && Boolean(user.story?.trim());
}
