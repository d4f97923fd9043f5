/** The query parameter the Customer Portal returns with (docs/product.md section 2, /profile). */
export const FROM_PORTAL_PARAM = 'from_portal';

export const cameFromPortal = (search: string) => new URLSearchParams(search).get(FROM_PORTAL_PARAM) === 'true';
