import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushSubscriptionSchema } from './push';

describe('push payloads', () => {
  const payload = { kind: 'event-reminder', title: 'Summit', body: 'Starts in an hour.', tag: 'event-1', url: '/events/1' };

  it('are read back as sent', () => {
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('of meetings are read back as sent', () => {
    for (const kind of ['meeting', 'meeting-reminder']) {
      const meeting = { ...payload, kind, tag: 'meeting-1', url: '/meetings/1' };
      expect(parsePushPayload(JSON.stringify(meeting))).toEqual(meeting);
    }
  });

  it('are refused when not ours, or when a tap would leave the app', () => {
    expect(parsePushPayload('not json')).toBeUndefined();
    expect(parsePushPayload('null')).toBeUndefined();
    expect(parsePushPayload(JSON.stringify({ ...payload, kind: 'promotion' }))).toBeUndefined();
    expect(parsePushPayload(JSON.stringify({ ...payload, body: 1 }))).toBeUndefined();
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)'])
      expect(parsePushPayload(JSON.stringify({ ...payload, url }))).toBeUndefined();
  });
});

describe('push subscriptions', () => {
  const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
  const ok = (input: unknown) => v.safeParse(pushSubscriptionSchema, input).success;

  it('take what PushSubscription.toJSON() gives, an http(s) endpoint with base64url keys', () => {
    expect(ok({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', expirationTime: null, keys })).toBe(true);
    expect(ok({ endpoint: 'https://web.push.apple.com/QGx?x=1', keys })).toBe(true);
  });

  it('refuse other schemes, spaces, credentials and keys that are not base64url', () => {
    expect(ok({ endpoint: 'ftp://push.example/x', keys })).toBe(false);
    expect(ok({ endpoint: 'https://push.example/a b', keys })).toBe(false);
    expect(ok({ endpoint: 'https://user@push.example/x', keys })).toBe(false);
    expect(ok({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'a+b/' } })).toBe(false);
  });
});
