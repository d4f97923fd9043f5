/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../../../contract/user';
import { useMe } from '../../../lib/signed-in-member';
import { whileBrowserOffline } from '../../../test/offline-browser';
import { renderWithProviders } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { OFFLINE_PHOTO_MESSAGE } from './PhotoDialog';
import { ProfilePhotoEditor } from './ProfilePhotoEditor';

/**
 * A small real HTTP server as the API: the upload is multipart form data, which the JSON stub of
 * src/test/stub-api.ts cannot read, so this one keeps each request's raw bytes. The page's URL is
 * set to its origin, so the real XHR upload and the real api client reach it.
 */
interface Received {
  method: string;
  path: string;
  contentType: string;
  body: string;
}
type Reply = { status: number; body?: unknown } | 'drop';

const replies = new Map<string, Reply>();
const received: Received[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      received.push({ method: req.method ?? '', path, contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('latin1') });
      const reply = replies.get(`${req.method} ${path}`) ?? { status: 404, body: { error: 'Not found' } };
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/profile`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  cleanup();
  replies.clear();
  received.length = 0;
  useToastStore.setState({ toasts: [] });
});

const ME: Me = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  imageUrl: null,
  role: 'Engineer',
  story: 'Story',
  location: null,
  locationId: null,
  linkedinUrl: null,
  phone: null,
  consents: [],
  hasProAccess: false,
  networkingPaused: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const NEW_PHOTO = '/media/p/abc123-512.webp';
const writes = () => received.filter((request) => request.method !== 'GET');

/** The profile header as the route has it: the editor with the member of the users/me query. */
function Header() {
  const { me } = useMe();
  return me ? <ProfilePhotoEditor me={me} /> : null;
}

async function openDialog(me: Me = ME) {
  replies.set('GET /api/users/me', { status: 200, body: me });
  renderWithProviders(<Header />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change photo' }));
  // The dialog's code loads when it is opened.
  return screen.findByRole('dialog', { name: 'Change photo' });
}

function choosePhoto(dialog: HTMLElement, file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'me.jpg', { type: 'image/jpeg' })) {
  fireEvent.change(within(dialog).getByLabelText('Choose photo'), { target: { files: [file] } });
  return file;
}

const headerImage = () => screen.getByRole('button', { name: 'Change photo' }).querySelector('img');
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe('the profile photo dialog', () => {
  it('opens from the photo, shows a preview of the chosen photo, and Cancel closes it without sending anything', async () => {
    const dialog = await openDialog();
    const use = within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    // No photo yet: nothing to remove.
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(dialog).getByLabelText('Take photo').getAttribute('capture')).toBe('user');

    choosePhoto(dialog);
    expect(within(dialog).getByRole<HTMLImageElement>('img', { name: 'Your new photo' }).src).toMatch(/^blob:/);
    expect(use.disabled).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it("'Use' uploads the photo as profileImage, shows the new photo in the header, says so and closes", async () => {
    replies.set('PATCH /api/users/me', { status: 200, body: { ...ME, imageUrl: NEW_PHOTO } });
    const dialog = await openDialog();
    choosePhoto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headerImage()?.getAttribute('src')).toBe(NEW_PHOTO);
    expect(toastTitles()).toEqual(['Photo updated']);
    const [upload] = writes();
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toMatch(/Content-Disposition: form-data; name="profileImage"; filename="me\.jpg"/);
  });

  it("shows the server's refusal and keeps the chosen photo for another try", async () => {
    replies.set('PATCH /api/users/me', { status: 400, body: { error: 'Invalid file type', field: 'profileImage', code: 'unreadable_image' } });
    const dialog = await openDialog();
    choosePhoto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Invalid file typePlease upload an image file');
    expect(within(dialog).getByRole('img', { name: 'Your new photo' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(headerImage()).toBeNull();
  });

  it('says when the server is busy (503, or a 429 of its own) or the member has sent too many photos (429), and keeps the photo', async () => {
    for (const [reply, text] of [
      [
        { status: 503, body: { error: 'The server is busy with other photos', code: 'uploads_busy' } },
        'The server is busy with other photosPlease try again in a moment.',
      ],
      // A proxy's 503 without our body says the same.
      [{ status: 503 }, 'The server is busy with other photosPlease try again in a moment.'],
      [
        { status: 429, body: { error: 'Too many photo uploads', code: 'uploads_rate_limited' } },
        'Too many photo uploadsYou can change your photo 20 times an hour. Please try again later.',
      ],
      // A server turning writes away for a moment is busy, not the member's limit.
      [{ status: 429, body: { error: 'Too many requests', code: 'server_busy' } }, 'The server is busy with other photosPlease try again in a moment.'],
    ] as const) {
      replies.set('PATCH /api/users/me', reply);
      const dialog = await openDialog();
      choosePhoto(dialog);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
      expect(within(dialog).getByRole('img', { name: 'Your new photo' })).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(false);
      cleanup();
    }
  });

  it('refuses a file that is not an image before sending it', async () => {
    const dialog = await openDialog();
    choosePhoto(dialog, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid file typePlease upload an image file');
    expect(within(dialog).queryByRole('img', { name: 'Your new photo' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes()).toEqual([]);
  });

  it('refuses a photo over 15 MB that the browser cannot scale down, without uploading it', async () => {
    const dialog = await openDialog();
    // happy-dom decodes no images, as Chromium decodes no HEIC: the file would go as it is.
    choosePhoto(dialog, new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'IMG_0001.HEIC', { type: 'image/heic' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Image too largePlease choose a photo under 15 MB.');
    expect(writes()).toEqual([]);
  });

  it('says plainly that a photo needs the network when the browser is offline, and queues nothing', async () => {
    const dialog = await openDialog();
    choosePhoto(dialog);
    await whileBrowserOffline(async (announceOffline) => {
      announceOffline();
      expect(within(dialog).getByRole('status').textContent).toBe(OFFLINE_PHOTO_MESSAGE);
      expect((within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(true);
    });
    // Back online: the message goes and the chosen photo can be used.
    expect(within(dialog).queryByText(OFFLINE_PHOTO_MESSAGE)).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(false);
    expect(writes()).toEqual([]);
  });

  it('says the same when the upload never gets an answer, keeping the photo', async () => {
    replies.set('PATCH /api/users/me', 'drop');
    const dialog = await openDialog();
    choosePhoto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));
    expect(await within(dialog).findByText(OFFLINE_PHOTO_MESSAGE)).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Your new photo' })).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("'Remove' takes the photo away and the header shows the initials again", async () => {
    replies.set('PATCH /api/users/me', { status: 200, body: ME });
    const dialog = await openDialog({ ...ME, imageUrl: NEW_PHOTO });
    expect(headerImage()?.getAttribute('src')).toBe(NEW_PHOTO);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headerImage()).toBeNull();
    expect(screen.getByRole('button', { name: 'Change photo' }).textContent).toBe('AL');
    expect(toastTitles()).toEqual(['Photo removed']);
    expect(writes().map((request) => [request.contentType, JSON.parse(request.body)])).toEqual([['application/json', { removeProfileImage: true }]]);
  });

  it('starts afresh when opened again', async () => {
    const dialog = await openDialog();
    choosePhoto(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change photo' }));
    const again = await screen.findByRole('dialog', { name: 'Change photo' });
    expect(within(again).queryByRole('img', { name: 'Your new photo' })).toBeNull();
    expect((within(again).getByRole('button', { name: 'Use' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
