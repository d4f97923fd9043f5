import type { ChatStreamEvent } from '../../../contract/chat';

/**
 * Reads the server-sent events of POST chat/{id}/gpt-message (contract/chat.ts) as they arrive:
 * feed it decoded text in any pieces; it returns the complete events seen so far and keeps the rest.
 */
export class SseReader {
  private buffer = '';

  push(text: string): ChatStreamEvent[] {
    this.buffer += text.replace(/\r\n/g, '\n');
    const events: ChatStreamEvent[] = [];
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }
}

function parseBlock(block: string): ChatStreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { event: name, data: JSON.parse(data.join('\n')) } as ChatStreamEvent;
  } catch {
    return null;
  }
}
