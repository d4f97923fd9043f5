/** One event of a text/event-stream body (the assistant's gpt-message answer). */
export interface StreamEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields freely
}

/** The events of a text/event-stream body, each data line parsed as JSON. */
export function parseSse(text: string): StreamEvent[] {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}
