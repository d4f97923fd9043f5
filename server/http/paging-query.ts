import * as v from 'valibot';
import { INTERACTION_ERRORS } from '../../contract/errors';

/**
 * The query of a cursor-paged list (the deck, the feed): an opaque cursor and a limit of 1 to
 * `max`. Each route decodes its own cursor.
 */
export const pagingQuerySchema = (max: number) =>
  v.object({
    cursor: v.optional(v.string(INTERACTION_ERRORS.invalidCursor)),
    limit: v.optional(
      v.pipe(
        v.string('Invalid limit'),
        v.regex(/^\d{1,4}$/, 'Invalid limit'),
        v.transform(Number),
        v.minValue(1, 'Invalid limit'),
        v.maxValue(max, `Limit must be at most ${max}`),
      ),
    ),
  });
