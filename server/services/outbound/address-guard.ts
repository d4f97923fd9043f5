import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

/**
 * The one guard for requests whose address is not the operator's own setting (a member's push
 * endpoint, a picture a profile provider points at): the server must not become a way into the
 * network it runs in. Such a URL is https, names a host that is (or resolves only to) public
 * addresses, and, where the caller has a list of hosts, one of those. The address is checked in
 * the lookup of the connection itself, so the address connected to is the one checked and a name
 * that resolves elsewhere the second time (DNS rebinding) gains nothing. Redirects are never
 * followed here; a caller that follows one checks the next URL again.
 *
 * Origins the operator listed are trusted as they are (any scheme, any address): their local push
 * service or provider may well be on this machine.
 */

/** Every address a name resolves to; the system's resolver unless a test answers for it. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export interface OutboundPolicy {
  /** Origins (scheme://host[:port]) taken as they are: the operator's explicit trust. */
  trustedOrigins?: readonly string[];
  /**
   * When set, the only hosts allowed besides the trusted origins, on the default port: exact
   * names, or '*.example.com' for any name under example.com.
   */
  hosts?: readonly string[];
  resolve?: ResolveHost | undefined;
}

/** The URL or the address it resolves to is not one the server may request. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  readonly code = 'OUTBOUND_REFUSED';
}

/** A resolution that takes longer is a failure: a request never waits on a resolver for long. */
const RESOLVE_TIMEOUT_MS = 5000;

// ---------------------------------------------------------------------------------------------
// Addresses

/** [first address, prefix length] of IPv4 blocks that are not public (RFC 6890 and its updates). */
const IPV4_NOT_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const ipv4Number = (text: string): number => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const IPV4_BLOCKS = IPV4_NOT_PUBLIC.map(([first, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (ipv4Number(first) & mask) >>> 0, mask };
});

function ipv4IsPublic(value: number): boolean {
  return IPV4_BLOCKS.every(({ network, mask }) => (value & mask) >>> 0 !== network);
}

/** The 16 bytes of an IPv6 address that isIP() accepted (without a zone). */
function ipv6Bytes(text: string): number[] {
  let head = text;
  const tailWords: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]!);
    tailWords.push(v4 >>> 16, v4 & 0xffff);
    head = head.slice(0, -dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const [left = '', right] = head.split('::');
  const leftWords = words(left);
  const rightWords = [...(right === undefined ? [] : words(right)), ...tailWords];
  const all =
    right === undefined ? [...leftWords, ...tailWords] : [...leftWords, ...new Array<number>(8 - leftWords.length - rightWords.length).fill(0), ...rightWords];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

const v4At = (bytes: number[], at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const zeros = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

function ipv6IsPublic(bytes: number[]): boolean {
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address is the one reached.
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4IsPublic(v4At(bytes, 12));
  // NAT64 (64:ff9b::/96): a translator reaches the embedded IPv4 address.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(bytes, 4, 12)) return ipv4IsPublic(v4At(bytes, 12));
  // 6to4 (2002::/16): bytes 2 to 5 are the IPv4 address of the far end.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4IsPublic(v4At(bytes, 2));
  // Everything outside global unicast (2000::/3) is not public: unspecified, loopback, the
  // deprecated IPv4-compatible ::/96 and translated ::ffff:0:0/96 forms, unique-local, link-local,
  // site-local, multicast, discard-only, NAT64's local-use block.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  // 2001::/23: IETF protocol assignments (Teredo hides an IPv4 address in 2001::/32).
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2]! < 0x02) return false;
  // Documentation: 2001:db8::/32 and 3fff::/20.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return false;
  if (bytes[0] === 0x3f && bytes[1] === 0xff && (bytes[2]! & 0xf0) === 0) return false;
  return true;
}

/**
 * Whether a literal IPv4 or IPv6 address (brackets and a zone allowed) is one on the public
 * internet. Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const kind = isIP(bare);
  if (kind === 4) return ipv4IsPublic(ipv4Number(bare));
  if (kind === 6) return ipv6IsPublic(ipv6Bytes(bare));
  return false;
}

// ---------------------------------------------------------------------------------------------
// URLs

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function isTrusted(url: URL, policy: OutboundPolicy): boolean {
  return policy.trustedOrigins?.includes(url.origin) ?? false;
}

function hostListed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) => (pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) : hostname === pattern));
}

/**
 * What is wrong with the URL itself, before any resolution: credentials, a scheme other than
 * https, a host off the policy's list, a literal address that is not public. Undefined: fine so far.
 */
export function outboundUrlProblem(url: URL, policy: OutboundPolicy): string | undefined {
  if (url.username || url.password) return 'credentials in the URL';
  if (isTrusted(url, policy)) return undefined;
  if (url.protocol !== 'https:') return `scheme ${url.protocol} refused`;
  const host = bareHost(url);
  if (policy.hosts && (!hostListed(host, policy.hosts) || url.port !== '')) return `host ${url.host} is not one of the allowed hosts`;
  if (isIP(host)) return isPublicAddress(host) ? undefined : `${host} is not a public address`;
  return undefined;
}

function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The name's addresses when every one is public; a refusal naming the first that is not. */
async function publicAddresses(hostname: string, resolve: ResolveHost): Promise<readonly LookupAddress[]> {
  const addresses = await withinTime(resolve(hostname), RESOLVE_TIMEOUT_MS, `resolving ${hostname}`);
  if (addresses.length === 0) throw new Error(`${hostname} resolves to no address`);
  const inner = addresses.find(({ address }) => !isPublicAddress(address));
  if (inner) throw new OutboundRefusedError(`${hostname} resolves to ${inner.address}, not a public address`);
  return addresses;
}

/**
 * The URL checked as a request would check it, resolution included: undefined when it may be
 * requested now. A name that does not resolve is a problem too (said as such).
 */
export async function checkOutboundUrl(url: URL, policy: OutboundPolicy): Promise<string | undefined> {
  const problem = outboundUrlProblem(url, policy);
  if (problem || isTrusted(url, policy) || isIP(bareHost(url))) return problem;
  try {
    await publicAddresses(bareHost(url), policy.resolve ?? systemResolve);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** node:net's lookup option: resolves, refuses unless every address is public, hands over those checked. */
function guardedLookup(resolve: ResolveHost) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    publicAddresses(hostname, resolve).then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : options;
        const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
        if (wanted.length === 0) callback(Object.assign(new Error(`${hostname} has no IPv${String(family)} address`), { code: 'ENOTFOUND' }), []);
        else if (typeof options === 'object' && options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | undefined;
  /** Ends the whole exchange (connection, answer, body). */
  signal: AbortSignal;
  policy: OutboundPolicy;
}

export interface OutboundResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body, or undefined when it is longer than `max` bytes (the rest is not downloaded). */
  bytes(max: number): Promise<Uint8Array | undefined>;
  /** Closes the connection without reading the body. */
  discard(): void;
}

function outboundResponse(res: IncomingMessage): OutboundResponse {
  return {
    status: res.statusCode ?? 0,
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    async bytes(max) {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > max) {
        res.destroy();
        return undefined;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > max) return undefined; // leaving the loop destroys the stream
        chunks.push(chunk);
      }
      return new Uint8Array(Buffer.concat(chunks));
    },
    discard() {
      res.destroy();
    },
  };
}

/**
 * One request under the guard: refused with OutboundRefusedError before anything is sent when the
 * URL or (in the connection's own lookup) any address of its host is not allowed. A 3xx is
 * answered as it is, never followed.
 */
export function requestOutbound(url: URL, init: OutboundRequestInit): Promise<OutboundResponse> {
  const problem = outboundUrlProblem(url, init.policy);
  if (problem) return Promise.reject(new OutboundRefusedError(problem));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const lookup = isTrusted(url, init.policy) ? undefined : guardedLookup(init.policy.resolve ?? systemResolve);
  return new Promise((resolve, reject) => {
    const req = send(url, { method: init.method ?? 'GET', headers: init.headers, signal: init.signal, ...(lookup ? { lookup } : {}) }, (res) =>
      resolve(outboundResponse(res)),
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
