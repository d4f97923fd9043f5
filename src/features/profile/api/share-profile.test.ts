import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { shareProfileLink } from './share-profile';

const api = stubApiPerFile();
const PATH = '/users/11111111-1111-4111-8111-111111111111/public/abcDEF_123';

afterEach(() => vi.unstubAllGlobals());

/** The browser's navigator with only the given share sheet and clipboard. */
function device({ share, writeText }: { share?: (data: ShareData) => Promise<void>; writeText?: (text: string) => Promise<void> }) {
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: writeText ? { writeText } : undefined });
}

describe('sharing the profile link', () => {
  it("hands the link, with the app's origin in front, to the device's share sheet", async () => {
    openPage(api, '/profile');
    api.on('POST /api/users/me/share', { status: 200, body: { shareUrl: PATH } });
    const shared: ShareData[] = [];
    device({ share: async (data) => void shared.push(data) });
    await expect(shareProfileLink()).resolves.toBe('shared');
    expect(shared).toEqual([{ title: 'My Mingle profile', url: `${window.location.origin}${PATH}` }]);
  });

  it('takes a closed share sheet as the member changing their mind, not a failure', async () => {
    openPage(api, '/profile');
    api.on('POST /api/users/me/share', { status: 200, body: { shareUrl: PATH } });
    device({ share: () => Promise.reject(new DOMException('closed', 'AbortError')) });
    await expect(shareProfileLink()).resolves.toBe('cancelled');
  });

  it('copies the link where there is no share sheet', async () => {
    openPage(api, '/profile');
    api.on('POST /api/users/me/share', { status: 200, body: { shareUrl: PATH } });
    const copied: string[] = [];
    device({ writeText: async (text) => void copied.push(text) });
    await expect(shareProfileLink()).resolves.toBe('copied');
    expect(copied).toEqual([`${window.location.origin}${PATH}`]);
  });

  it('fails when the server gives no link', async () => {
    openPage(api, '/profile');
    api.on('POST /api/users/me/share', { status: 500, body: { error: 'Internal server error' } });
    device({ writeText: async () => {} });
    await expect(shareProfileLink()).rejects.toThrow();
  });
});
