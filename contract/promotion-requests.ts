import * as v from 'valibot';
import { PROMOTION_SLUG_MAX } from './promotions';

/** A promotion's slug in a path: lower-case letters, digits and hyphens, as the table's check allows. */
export const promotionSlugSchema = v.pipe(v.string(), v.maxLength(PROMOTION_SLUG_MAX), v.regex(/^[a-z0-9][a-z0-9-]*$/));
