/** Field limits of docs/product.md sections 5 and 9; both the client and the server enforce them. */
export const FIELD_LIMITS = {
  firstName: 100,
  lastName: 100,
  role: 100,
  story: 500,
  location: 100,
  linkedinUrl: 100,
  phone: 100,
  goal: 500,
  eventName: 200,
  email: 254,
  /** A private note on a connection (docs/product.md section 13). */
  note: 1000,
  /** Where two members meet: 'Table 12', 'Coffee bar, level 2' (docs/product.md, 'Meetings'). */
  meetingPlace: 100,
  /** The message of a meeting request, and the note of a decline or a cancel. */
  meetingMessage: 280,
  /**
   * What a report says besides its reason (contract/safety.ts). A number here, not an import: every
   * first screen loads these limits, and the safety contract would come with them.
   */
  reportText: 1000,
} as const;

export type LimitedField = keyof typeof FIELD_LIMITS;

export const PIN_LENGTH = 6;
