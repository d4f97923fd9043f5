import { describe, expect, it } from 'vitest';
import { OUTBOX_SYNC_MESSAGE } from '../contract/sw-messages';
import { wakeWindows } from './sync-wakeup';

describe('Background Sync wake-up', () => {
  it('tells every window, controlled or not, to drain its outbox', async () => {
    const received: unknown[][] = [[], []];
    let asked: ClientQueryOptions | undefined;
    const clients = {
      matchAll: async (options?: ClientQueryOptions) => {
        asked = options;
        return received.map((inbox) => ({ postMessage: (message: unknown) => inbox.push(message) })) as unknown as Client[];
      },
    } as Pick<Clients, 'matchAll'>;

    await wakeWindows(clients);

    expect(asked).toEqual({ type: 'window', includeUncontrolled: true });
    expect(received).toEqual([[{ type: OUTBOX_SYNC_MESSAGE }], [{ type: OUTBOX_SYNC_MESSAGE }]]);
  });
});
