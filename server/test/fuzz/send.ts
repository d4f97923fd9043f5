import { keepSignedIn } from '../helpers/session-restore';
import type { TestResponse } from '../helpers/test-client';
import type { FuzzBody, FuzzCase } from './cases';
import type { FuzzWorld } from './world';

function requestBody(body: FuzzBody): RequestInit['body'] {
  if (body.type === 'none') return undefined;
  // Bytes, so that no content type is added for us: the case says which one is sent, if any.
  if (body.type === 'text') return new TextEncoder().encode(body.text);
  if (body.encoding === 'urlencoded') return new URLSearchParams(body.fields);
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  if (body.withFile) form.append('profileImage', new Blob([new Uint8Array([0xff, 0xd8, 0x00])], { type: 'image/jpeg' }), 'me.jpg');
  return form;
}

export async function sendCase(w: FuzzWorld, c: FuzzCase): Promise<TestResponse> {
  const client = c.actor === 'member' ? w.member.client : w.anonymous;
  const res = await client.request(c.method, c.url, { body: requestBody(c.body), headers: c.headers });
  // A generated logout must not leave the rest of the run anonymous.
  if (c.actor === 'member') await keepSignedIn(w.t, w.member);
  return res;
}
