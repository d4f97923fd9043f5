/**
 * Professional-network links (docs/product.md section 5): what the server stores and the profile shows.
 * Apart from fields.ts so that the contact card reads it without loading valibot.
 */
export const LINKEDIN_PROFILE_BASE = 'https://www.linkedin.com/in/';

/**
 * The member's id in a professional-network profile link, from what people paste: the id alone
 * ('ada', '@ada'), or a link to the profile with or without the scheme, 'www.' or a country
 * subdomain ('se.linkedin.com'), a trailing slash, a query or a fragment. Undefined when it is a
 * link to anything else. Ids are letters, digits, '-' and '_' (percent-encoded letters too).
 */
export function linkedinProfileId(input: string): string | undefined {
  const path = input.replace(/^@/, '').replace(/^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\//i, '');
  const id = path.replace(/[?#].*$/s, '').replace(/\/$/, '');
  return /^[\p{L}\p{N}_%-]+$/u.test(id) ? id : undefined;
}
