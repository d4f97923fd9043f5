import { describe, expect, it } from 'vitest';
import { SseReader } from './sse';

describe('SseReader', () => {
  it('returns whole events however the text is cut, and keeps the rest', () => {
    const reader = new SseReader();
    const stream = 'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {"id":"m1"}\n\n';
    const seen = [];
    for (let i = 0; i < stream.length; i += 7) seen.push(...reader.push(stream.slice(i, i + 7)));
    expect(seen).toEqual([
      { event: 'delta', data: { text: 'Hel' } },
      { event: 'delta', data: { text: 'lo' } },
      { event: 'done', data: { id: 'm1' } },
    ]);
  });

  it('reads CRLF line ends and skips blocks without data or with broken JSON', () => {
    const reader = new SseReader();
    expect(reader.push(': comment\r\n\r\nevent: delta\r\ndata: {oops\r\n\r\nevent: error\r\ndata: {"error":"x"}\r\n\r\n')).toEqual([
      { event: 'error', data: { error: 'x' } },
    ]);
  });
});
