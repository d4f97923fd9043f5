import { describe, expect, it } from 'vitest';
import type { Me } from '../../../contract/user';
import { changedFields, profileEditErrorToast } from './profile-edits';

const me = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'Engineer',
  story: null,
  location: 'Oslo, Norway',
  locationId: 'oslo',
  linkedinUrl: null,
  phone: '123',
} as unknown as Me;

describe('changedFields', () => {
  it('sends only what differs, blanks around the text ignored', () => {
    expect(changedFields(me, { firstName: ' Ada ', role: 'CTO', story: '', phone: '123' })).toEqual({ role: 'CTO' });
    expect(changedFields(me, { story: 'Hello' })).toEqual({ story: 'Hello' });
  });

  it('sends a new location as its id with its text, and leaves an unchanged pick alone', () => {
    expect(changedFields(me, { locationId: 'bergen', location: 'Bergen, Norway' })).toEqual({ locationId: 'bergen', location: 'Bergen, Norway' });
    expect(changedFields(me, { locationId: 'oslo', location: 'Oslo, Norge' })).toEqual({});
    expect(changedFields(me, { locationId: '', location: '' })).toEqual({ locationId: '', location: '' });
  });
});

describe('profileEditErrorToast', () => {
  it('names the field as the card labels it', () => {
    expect(profileEditErrorToast('Input too long', 'role').description).toContain("'Title'");
    expect(profileEditErrorToast('Invalid phone number', 'phone')).toMatchObject({ description: 'Phone: Invalid phone number' });
  });
});
