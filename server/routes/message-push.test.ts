import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePushPayload, type PushPayload } from '../../contract/push';
import { pushSendsSettled } from '../services/push/in-flight';
import { connect, newMember, type Member } from '../test/helpers/events-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../test/helpers/push-service';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * A new message's push (docs/product.md, 'Messages'), through a local push service (RFC 8030/8291)
 * as the recipient's device receives it: the sender's name, the start of the text, one tag per
 * conversation, the conversation's page; none when their 'Messages' switch is off.
 */

let t: TestContext;
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestContext({ PUSH_ALLOWED_ORIGINS: pushService.origin });
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

async function pushes(device: LocalSubscription): Promise<PushPayload[]> {
  await pushSendsSettled();
  return (await pushService.messages(device)).map((text) => parsePushPayload(text)!);
}

const send = async (from: Member, to: Member, text: string, id = randomUUID()) => {
  const res = await from.client.request('PUT', `/api/conversations/${to.id}/messages/${id}`, { json: { text } });
  expect(res.status, res.text).toBeLessThan(300);
};

describe('a new message', () => {
  it("is pushed to the recipient's device once, with the sender's name and the start of the text, tagged by conversation", async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    await t.db.updateTable('users').set({ first_name: 'Ada', last_name: 'Byron' }).where('id', '=', ada.id).execute();
    await connect(t.db, ada.id, bob.id);
    const bobsPhone = await subscribeThroughApi(pushService, bob.client);
    const adasPhone = await subscribeThroughApi(pushService, ada.client);

    const id = randomUUID();
    const long = `${'Lovely to meet you at the stand. '.repeat(8)}\nSee you later`;
    await send(ada, bob, long, id);
    await send(ada, bob, long, id);
    const [first, ...rest] = await pushes(bobsPhone);
    expect(rest).toEqual([]);
    expect(first).toEqual({
      kind: 'message',
      title: 'Ada Byron',
      body: `${long.replace(/\s+/g, ' ').slice(0, 119)}…`,
      tag: `message-${ada.id}`,
      url: `/messages/${ada.id}`,
    });
    expect(first!.body).toHaveLength(120);
    // The sender's own devices are not told of their own message.
    expect(await pushes(adasPhone)).toEqual([]);

    await send(ada, bob, 'Short one');
    expect((await pushes(bobsPhone)).map((push) => [push.body, push.tag])).toEqual([
      [first!.body, `message-${ada.id}`],
      ['Short one', `message-${ada.id}`],
    ]);
  });

  it("is not pushed when the recipient turned 'Messages' off; the switch is on until changed", async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    await connect(t.db, ada.id, bob.id);
    const bobsPhone = await subscribeThroughApi(pushService, bob.client);
    expect((await bob.client.get('/api/push/settings')).body).toMatchObject({ messages: true, meetings: true });
    const off = await bob.client.put('/api/push/settings', { newConnection: true, eventReminder: true, messages: false });
    expect(off.body).toMatchObject({ messages: false, meetings: true });
    // A client that does not know the switch leaves it as it is.
    expect((await bob.client.put('/api/push/settings', { newConnection: true, eventReminder: false })).body).toMatchObject({ messages: false });
    await send(ada, bob, 'Quiet please');
    expect(await pushes(bobsPhone)).toEqual([]);
  });
});
