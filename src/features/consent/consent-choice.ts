import type { ConsentType } from '../../../contract/consent';

export interface ConsentChoice {
  terms: boolean;
  privacy: boolean;
  productUpdates: boolean;
  eventMarketing: boolean;
}

/** Continue is possible only once both terms and privacy are accepted. */
export function canContinue(choice: ConsentChoice): boolean {
  return choice.terms && choice.privacy;
}

/**
 * The consents Continue records. docs/product.md section 4 says Continue "saves four consents: terms,
 * privacy, product_updates, event_marketing". The two marketing ones are shown as opt-in boxes and
 * recorded only when ticked: recording a marketing consent the member did not give would not be
 * consent at all (GDPR art. 7; pre-ticked or bundled boxes are not valid consent). A member who
 * ticks every box gets exactly the four of the specification.
 */
export function consentsToSave(choice: ConsentChoice): ConsentType[] {
  const types: ConsentType[] = ['terms', 'privacy'];
  if (choice.productUpdates) types.push('product_updates');
  if (choice.eventMarketing) types.push('event_marketing');
  return types;
}
