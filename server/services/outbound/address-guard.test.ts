import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { startRecordingServer, type RecordingServer } from '../../test/helpers/recording-server';
import { checkPictureUrl, fetchPicture, pictureUrlProblem } from '../profile-lookup/picture-fetch';
import { endpointProblem } from '../push/endpoint-policy';
import { checkOutboundUrl, isPublicAddress, OutboundRefusedError, requestOutbound, type ResolveHost } from './address-guard';

/**
 * The outbound guard, through both of its users: push endpoints (checked at subscribe time and on
 * every send) and profile pictures (every redirect hop). One table of addresses decides both.
 */

/** Every address the server may never reach, in the spellings a resolver or a URL can give it, and public ones beside them. */
const ADDRESSES: ReadonlyArray<readonly [address: string, isPublic: boolean]> = [
  // IPv4: loopback, private, link-local (cloud metadata), CGNAT, unspecified, reserved, documentation, multicast, broadcast.
  ['127.0.0.1', false],
  ['127.255.255.254', false],
  ['0.0.0.0', false],
  ['0.1.2.3', false],
  ['10.0.0.1', false],
  ['10.255.255.255', false],
  ['172.16.0.1', false],
  ['172.31.255.255', false],
  ['192.168.1.1', false],
  ['169.254.169.254', false],
  ['100.64.0.1', false],
  ['100.127.255.255', false],
  ['192.0.0.8', false],
  ['192.0.2.1', false],
  ['198.18.0.1', false],
  ['198.51.100.7', false],
  ['203.0.113.9', false],
  ['192.88.99.1', false],
  ['224.0.0.1', false],
  ['239.255.255.250', false],
  ['240.0.0.1', false],
  ['255.255.255.255', false],
  ['8.8.8.8', true],
  ['1.1.1.1', true],
  ['142.250.74.10', true],
  ['100.63.255.255', true],
  ['100.128.0.1', true],
  ['172.15.255.255', true],
  ['172.32.0.1', true],
  ['169.253.255.255', true],
  ['192.169.0.1', true],
  ['223.255.255.255', true],
  // IPv6: unspecified, loopback, unique-local, link-local (with a zone too), site-local, multicast, documentation, Teredo, discard.
  ['::', false],
  ['::1', false],
  ['0:0:0:0:0:0:0:1', false],
  ['fc00::1', false],
  ['fd12:3456:789a::1', false],
  ['fe80::1', false],
  ['fe80::1%eth0', false],
  ['febf::1', false],
  ['fec0::1', false],
  ['ff02::1', false],
  ['ff0e::101', false],
  ['2001:db8::1', false],
  ['3fff::1', false],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
  ['100::1', false],
  ['64:ff9b:1::a00:1', false],
  ['2607:f8b0:4004:c07::5f', true],
  ['2a00:1450:4001:82b::200a', true],
  ['2606:4700:4700::1111', true],
  // IPv4 inside IPv6: mapped, compatible, translated, NAT64 and 6to4 forms of inside and public addresses.
  ['::ffff:127.0.0.1', false],
  ['::ffff:7f00:1', false],
  ['::FFFF:10.0.0.1', false],
  ['::ffff:a9fe:a9fe', false],
  ['0:0:0:0:0:ffff:192.168.0.1', false],
  ['::7f00:1', false],
  ['::127.0.0.1', false],
  ['::a00:1', false],
  ['::ffff:0:7f00:1', false],
  ['64:ff9b::7f00:1', false],
  ['64:ff9b::10.0.0.1', false],
  ['64:ff9b::a9fe:a9fe', false],
  ['2002:7f00:1::', false],
  ['2002:c0a8:101::1', false],
  ['2002:a9fe:a9fe::1', false],
  ['::ffff:8.8.8.8', true],
  ['64:ff9b::808:808', true],
  ['2002:808:808::1', true],
];

/** A resolver that answers these addresses for every name. */
const resolveTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: isIP(address.replace(/%.*$/, '')) }));

const config = parseEnv({});

describe('the outbound guard', () => {
  it('tells public addresses from the rest, the same way for push endpoints and profile pictures', async () => {
    const mismatches: string[] = [];
    for (const [address, isPublic] of ADDRESSES) {
      const resolve = resolveTo(address);
      const answers = {
        address: isPublicAddress(address),
        // A push service's own host name that resolves to the address (at subscribe time).
        pushEndpoint: (await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', config, resolve)) === undefined,
        // A picture's host that resolves to it.
        pictureHost: (await checkPictureUrl(new URL('https://pictures.example/a.png'), { resolve })) === undefined,
        // The address written in a picture's URL (a zone cannot be).
        ...(address.includes('%')
          ? {}
          : { pictureLiteral: pictureUrlProblem(new URL(`https://${isIP(address) === 6 ? `[${address}]` : address}/a.png`), {}) === undefined }),
      };
      for (const [check, allowed] of Object.entries(answers))
        if (allowed !== isPublic) mismatches.push(`${address} (${check}): ${allowed ? 'allowed' : 'refused'}`);
      if (!isPublic) {
        // At the connection (send time), the lookup refuses before any connection is tried.
        const sent = requestOutbound(new URL('https://pictures.example/a.png'), { signal: AbortSignal.timeout(5000), policy: { resolve } });
        const error: unknown = await sent.then(
          () => undefined,
          (e: unknown) => e,
        );
        if (!(error instanceof OutboundRefusedError)) mismatches.push(`${address} (connection): ${String(error)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses the odd spellings of inside addresses that URL parsing turns into them, and localhost by its resolved address', async () => {
    const spellings = [
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0x7f000001/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://127.0.0.1./',
      'https://0/',
      'https://0x0a.0.0.1/',
      'https://167772161/',
      'https://0xa9.0xfe.0xa9.0xfe/',
      'https://[::ffff:127.0.0.1]/',
      'https://[0:0:0:0:0:ffff:7f00:1]/',
      'https://[::7f00:1]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::10.0.0.1]/',
      'https://[2002:7f00:1::]/',
      'https://[::]/',
      'https://[fe80::1]/',
    ];
    for (const spelling of spellings) expect(pictureUrlProblem(new URL(spelling), {}), spelling).toMatch(/not a public address/);
    // localhost is a name: refused for what it resolves to (this machine's /etc/hosts).
    expect(pictureUrlProblem(new URL('https://localhost/a.png'), {})).toBeUndefined();
    expect(await checkPictureUrl(new URL('https://localhost/a.png'), {})).toMatch(/localhost resolves to .*not a public address/);
    expect(await checkPictureUrl(new URL('https://a.b.localhost./x'), { resolve: resolveTo('8.8.8.8', '::1') })).toMatch(/resolves to ::1/);
  });

  it('refuses a scheme other than https and credentials, and takes a trusted origin as it is', () => {
    const policy = { trustedOrigins: ['http://127.0.0.1:9999'] };
    expect(pictureUrlProblem(new URL('http://8.8.8.8/a.png'), policy)).toMatch(/scheme http: refused/);
    expect(pictureUrlProblem(new URL('ftp://example.com/a.png'), policy)).toMatch(/scheme ftp: refused/);
    expect(pictureUrlProblem(new URL('https://u:p@example.com/a.png'), policy)).toMatch(/credentials/);
    expect(pictureUrlProblem(new URL('https://u:p@127.0.0.1:9999/a.png'), policy)).toMatch(/credentials/);
    expect(pictureUrlProblem(new URL('http://127.0.0.1:9999/a.png'), policy)).toBeUndefined();
    expect(pictureUrlProblem(new URL('http://127.0.0.1:9998/a.png'), policy)).toMatch(/scheme http: refused/);
    expect(pictureUrlProblem(new URL('https://127.0.0.1:9999/a.png'), policy)).toMatch(/not a public address/);
  });
});

describe('requests under the guard', () => {
  /** A host inside the network: nothing may reach it. */
  let inside: RecordingServer;
  /** A trusted server (say, the profile provider) that redirects wherever a test says. */
  let redirecting: RecordingServer;

  beforeAll(async () => {
    [inside, redirecting] = await Promise.all([startRecordingServer({ status: 404 }), startRecordingServer({ status: 302 })]);
  });
  afterAll(async () => {
    await Promise.all([inside?.close(), redirecting?.close()]);
  });
  const redirectTo = (location: string) => (redirecting.answer = { status: 302, headers: { location } });

  it('connects only to the address it checked: a name that resolves inside at the connection (rebinding) is refused, and nothing reaches the inside', async () => {
    let calls = 0;
    const rebinding: ResolveHost = async () => [{ address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const url = new URL(`https://rebind.example:${inside.port}/x`);
    expect(await checkOutboundUrl(url, { resolve: rebinding })).toBeUndefined();
    await expect(requestOutbound(url, { method: 'POST', signal: AbortSignal.timeout(5000), policy: { resolve: rebinding } })).rejects.toThrow(
      /rebind\.example resolves to 127\.0\.0\.1, not a public address/,
    );
    // One inside address among public ones is enough to refuse.
    await expect(
      requestOutbound(url, { signal: AbortSignal.timeout(5000), policy: { resolve: resolveTo('93.184.216.34', '127.0.0.1') } }),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(inside.connections).toBe(0);
  });

  it('answers a redirect as it is, never following it', async () => {
    const location = `http://127.0.0.1:${inside.port}/latest/meta-data/`;
    redirectTo(location);
    const res = await requestOutbound(new URL(`${redirecting.origin}/push/x`), {
      method: 'POST',
      signal: AbortSignal.timeout(5000),
      policy: { trustedOrigins: [redirecting.origin] },
    });
    expect([res.status, res.header('location')]).toEqual([302, location]);
    res.discard();
    expect(inside.connections).toBe(0);
  });

  it("checks each of a picture's redirect hops, by what its host resolves to too", async () => {
    const options = { trustedOrigins: [redirecting.origin], resolve: resolveTo('127.0.0.1') };
    const before = redirecting.requests.length;
    for (const [location, reason] of [
      [`http://127.0.0.1:${inside.port}/a.png`, /scheme http: refused/],
      [`https://127.0.0.1:${inside.port}/a.png`, /127\.0\.0\.1 is not a public address/],
      [`https://[::ffff:7f00:1]:${inside.port}/a.png`, /::ffff:7f00:1 is not a public address/],
      [`https://2130706433:${inside.port}/a.png`, /127\.0\.0\.1 is not a public address/],
      [`https://pictures.example:${inside.port}/a.png`, /pictures\.example resolves to 127\.0\.0\.1/],
    ] as const) {
      redirectTo(location);
      const result = await fetchPicture(`${redirecting.origin}/pictures/ada.png`, options);
      expect(result, location).toEqual({ ok: false, reason: expect.stringMatching(reason) });
    }
    expect(redirecting.requests.length - before).toBe(5);
    expect(inside.connections).toBe(0);
  });
});
