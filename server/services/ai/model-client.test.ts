import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../tests/support/fake-openai-server';
import { testConfig } from '../../test/helpers/test-app';
import { hasModel, modelClient } from './model-client';

/** model-client.ts against the fake chat-completions server of tests/support (no network). */

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('modelClient', () => {
  it('is undefined without AI_BASE_URL or with AI_ENABLED=false', () => {
    expect(modelClient(testConfig())).toBeUndefined();
    expect(hasModel(testConfig())).toBe(false);
    expect(modelClient(testConfig({ AI_BASE_URL: fake.url, AI_ENABLED: 'false' }))).toBeUndefined();
  });

  it('talks to the configured endpoint with the key and the model, once per config', async () => {
    const config = testConfig({ AI_BASE_URL: fake.url, AI_API_KEY: 'sk-test', AI_MODEL: 'tiny' });
    const made = modelClient(config)!;
    expect(modelClient(config)).toBe(made);
    fake.enqueue({ text: 'Hello there' });
    const answer = await made.client.chat.completions.create({ model: made.model, messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0]!.message.content).toBe('Hello there');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]!.body.model).toBe('tiny');
  });

  it('streams text in chunks and tool calls in pieces, and reports errors', async () => {
    const { client, model } = modelClient(testConfig({ AI_BASE_URL: fake.url }))!;
    fake.enqueue({ text: 'one two three', chunks: ['one ', 'two ', 'three'] });
    const pieces: string[] = [];
    for await (const chunk of await client.chat.completions.create({ model, messages: [], stream: true })) {
      const content = chunk.choices[0]?.delta.content;
      if (content) pieces.push(content);
    }
    expect(pieces).toEqual(['one ', 'two ', 'three']);

    fake.enqueue({ toolCalls: [{ name: 'get_event', arguments: { eventId: 'abc' } }] });
    let args = '';
    let name = '';
    for await (const chunk of await client.chat.completions.create({ model, messages: [], stream: true })) {
      const call = chunk.choices[0]?.delta.tool_calls?.[0];
      if (call?.function?.name) name = call.function.name;
      args += call?.function?.arguments ?? '';
    }
    expect([name, JSON.parse(args)]).toEqual(['get_event', { eventId: 'abc' }]);

    fake.enqueue({ toolCalls: [{ name: 'search_events', arguments: { query: 'ai' } }] });
    const plain = await client.chat.completions.create({ model, messages: [] });
    expect(plain.choices[0]!.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'search_events', arguments: '{"query":"ai"}' } });

    fake.enqueue({ error: { status: 503, message: 'overloaded' } });
    await expect(client.chat.completions.create({ model, messages: [] })).rejects.toMatchObject({ status: 503 });
  });
});
