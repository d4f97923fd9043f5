import type { Consent, ConsentType } from '../../contract/consent';
import type { Me } from '../../contract/user';

export function consent(type: ConsentType): Consent {
  return { id: `c-${type}`, type, aiEnabled: null, createdAt: '2026-01-01T00:00:00.000Z', revokedAt: null };
}

/** A member; by default with a complete profile and the required consents. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    imageUrl: null,
    role: 'Engineer',
    story: 'I build analytical engines.',
    location: null,
    locationId: null,
    linkedinUrl: null,
    phone: null,
    consents: [consent('terms'), consent('privacy')],
    hasProAccess: false,
    networkingPaused: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
