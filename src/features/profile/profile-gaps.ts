/**
 * What the profile completeness banner asks for (docs/product.md section 2), in the profile's order: the
 * role as 'job title and industry', the story as 'background and interests', the location as
 * 'city and country'. Blank text counts as missing.
 */
export function profileGaps(user: { role: string | null; story: string | null; location: string | null; locationId?: string | null }): string[] {
  const gaps: string[] = [];
  if (!user.role?.trim()) gaps.push('job title and industry');
  if (!user.story?.trim()) gaps.push('background and interests');
  if (!user.location?.trim() && !user.locationId) gaps.push('city and country');
  return gaps;
}
