import * as v from 'valibot';
import { API_ERRORS } from './errors';
import { checkedText } from './fields';
import { REPORT_REASONS, SAFETY_ERRORS } from './safety';

/**
 * The bodies of the safety writes (contract/safety.ts lists the paths), checked alike on both
 * sides; apart from the types so that a screen that only shows them does without valibot.
 */

/** POST users/{id}/report: a reason of REPORT_REASONS, and optional free text checked like any other. */
export const reportInputSchema = v.object({
  // A missing reason is refused in the words of a wrong one ('Choose a reason'), not as a bad body.
  reason: v.pipe(v.optional(v.unknown(), ''), v.picklist(REPORT_REASONS, SAFETY_ERRORS.reason)),
  text: v.optional(checkedText('reportText'), ''),
});
export type ReportInputBody = v.InferInput<typeof reportInputSchema>;

/** PUT users/me/networking. */
export const networkingStatusSchema = v.object({ paused: v.boolean(API_ERRORS.invalidInput) });
