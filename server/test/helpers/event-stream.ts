/** One event of a text/event-stream as a client reads it (contract/stream.ts). */
export interface ReadEvent {
  event: string;
  id: string | undefined;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields freely
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every event read so far. */
  events: ReadEvent[];
  /** Comment lines read so far (keepalives). */
  comments: number;
  /** The next event of `type` not yet taken (any type without one), waiting up to `timeoutMs`. */
  next(type?: string, timeoutMs?: number): Promise<ReadEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The last id read. */
  lastId(): string | undefined;
  close(): Promise<void>;
}

/**
 * Reads a server-sent event stream as it arrives (the stream test and the two-process test): the
 * answer of `open`, whose body stays open until the server ends it or close() is called.
 */
export async function readEventStream(response: Response): Promise<OpenStream> {
  const events: ReadEvent[] = [];
  const takenIds = new Set<number>();
  let comments = 0;
  let lastId: string | undefined;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((waiter) => waiter());
  const reader = response.body?.getReader();
  let buffer = '';
  const decoder = new TextDecoder();
  let finished = false;
  const ended = (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const lines = block.split('\n');
          if (lines.every((line) => line.startsWith(':'))) {
            comments += 1;
            continue;
          }
          const field = (name: string) =>
            lines
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).replace(/^ /, ''))
              .join('\n');
          const id = lines.some((line) => line.startsWith('id:')) ? field('id') : undefined;
          if (id !== undefined) lastId = id;
          const data = field('data');
          events.push({ event: field('event') || 'message', id, data: data ? JSON.parse(data) : undefined });
        }
        notify();
      }
    } catch {
      // closed by the client
    } finally {
      finished = true;
      notify();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return comments;
    },
    next(type, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = events.findIndex((event, i) => !takenIds.has(i) && (type === undefined || event.event === type));
          if (index !== -1) {
            takenIds.add(index);
            done();
            resolve(events[index]!);
          } else if (finished) {
            done();
            reject(new Error(`The stream ended before a ${type ?? 'further'} event; read: ${JSON.stringify(events.map((e) => e.event))}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`No ${type ?? ''} event within ${timeoutMs} ms; read: ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    lastId: () => lastId,
    async close() {
      await reader?.cancel().catch(() => {});
      await ended;
    },
  };
}
