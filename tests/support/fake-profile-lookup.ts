/**
 * A local profile-lookup provider speaking the protocol of docs/operations.md, 'Profile-lookup provider
 * protocol' (contract/profile-lookup.ts), for tests: no network. Scriptable: the profiles it knows,
 * pictures it serves as real small images (made with sharp), and faults (down with 500, a hang
 * longer than any timeout, a wrong key, an unreadable answer). It records the requests it got.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeProfile {
  profileId: string;
  name: string;
  headline: string;
  summary: string;
  /** Path of one of the server's pictures ('/pictures/ada.png'), a full URL, or none. */
  picture?: string;
  company?: string;
}

export type FakeFault = 'none' | 'error' | 'hang' | 'garbage';

export interface FakeProfileLookup {
  /** The base URL to configure as PROFILE_LOOKUP_URL. */
  url: string;
  key: string | undefined;
  profiles: Map<string, FakeProfile>;
  /** Extra answers by path ('/pictures/x.png'): status, headers and body. */
  files: Map<string, { status: number; headers: Record<string, string>; body: Buffer }>;
  fault: FakeFault;
  requests: Array<{ path: string; body: unknown; authorization: string | undefined }>;
  addProfile(profile: FakeProfile): void;
  close(): Promise<void>;
}

/** A small real PNG in one colour. */
export function solidPng(size = 64, colour = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export const ADA: FakeProfile = {
  profileId: 'ada-lovelace',
  name: 'Ada Lovelace',
  headline: 'Analyst of engines at Babbage & Co',
  summary: 'I write programs for machines that do not exist yet, and I want to meet people who build them.',
  picture: '/pictures/ada.png',
  company: 'Babbage & Co',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeProfileLookup(options: { key?: string; profiles?: FakeProfile[] } = {}): Promise<FakeProfileLookup> {
  const pictures = new Map<string, Buffer>([['/pictures/ada.png', await solidPng()]]);
  const state: Omit<FakeProfileLookup, 'url' | 'close' | 'addProfile'> = {
    key: options.key,
    profiles: new Map((options.profiles ?? [ADA]).map((p) => [p.profileId, p])),
    files: new Map(),
    fault: 'none',
    requests: [],
  };
  let origin = '';
  const pictureUrl = (picture: string | undefined) => (picture === undefined ? null : picture.startsWith('/') ? origin + picture : picture);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      const raw = await readBody(req);
      const file = state.files.get(path);
      if (req.method === 'GET' && file) {
        res.writeHead(file.status, file.headers);
        res.end(file.body);
        return;
      }
      if (req.method === 'GET' && pictures.has(path)) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(pictures.get(path));
        return;
      }
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      state.requests.push({ path, body, authorization: req.headers.authorization });
      if (state.fault === 'hang') return; // never answers; the client's timeout ends it
      if (state.fault === 'error') return json(res, 500, { error: 'provider down' });
      if (state.fault === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"profiles": "not a list"');
        return;
      }
      if (state.key !== undefined && req.headers.authorization !== `Bearer ${state.key}`) return json(res, 401, { error: 'bad key' });
      const input = (body ?? {}) as Record<string, string>;
      if (req.method === 'POST' && path === '/search') {
        const wanted = `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim().toLowerCase();
        const company = (input.company ?? '').toLowerCase();
        const profiles = [...state.profiles.values()]
          .filter((p) => p.name.toLowerCase() === wanted && (!company || (p.company ?? '').toLowerCase().includes(company)))
          .map((p) => ({ profileId: p.profileId, name: p.name, headline: p.headline }));
        return json(res, 200, { profiles });
      }
      if (req.method === 'POST' && path === '/profile') {
        const profile = state.profiles.get(input.profileId ?? '');
        if (!profile) return json(res, 404, { code: 'PROFILE_NOT_FOUND' });
        return json(res, 200, { headline: profile.headline, summary: profile.summary, pictureUrl: pictureUrl(profile.picture) });
      }
      json(res, 404, { error: 'unknown path' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake = state as FakeProfileLookup;
  fake.url = origin;
  fake.addProfile = (profile) => state.profiles.set(profile.profileId, profile);
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
