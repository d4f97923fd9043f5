import * as v from 'valibot';

export const CONSENT_TYPES = ['terms', 'privacy', 'product_updates', 'event_marketing', 'ai_recommendations'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** What the blocking consent dialog saves (docs/product.md section 4, Consent). */
export const DIALOG_CONSENTS: readonly ConsentType[] = ['terms', 'privacy', 'product_updates', 'event_marketing'];

export interface Consent {
  id: string;
  type: ConsentType;
  aiEnabled: boolean | null;
  createdAt: string;
  revokedAt: string | null;
}

export const createConsentsSchema = v.object({
  consents: v.pipe(
    v.array(
      v.object({
        type: v.picklist(CONSENT_TYPES, 'Unknown consent type'),
        aiEnabled: v.optional(v.boolean()),
      }),
    ),
    v.minLength(1, 'No consents given'),
    v.maxLength(CONSENT_TYPES.length, 'Too many consents'),
  ),
});
export type CreateConsents = v.InferInput<typeof createConsentsSchema>;

/** PUT users/consents/{id}: revoke, or update the AI flag. */
export const updateConsentSchema = v.object({
  revoke: v.optional(v.boolean()),
  aiEnabled: v.optional(v.boolean()),
});
export type UpdateConsent = v.InferInput<typeof updateConsentSchema>;
