/**
 * The reconnect storm's readers, in a process of their own: the 2,000 phones' outboxes and sync
 * engines keep the benchmark's own process busy (Dexie on fake-indexeddb), and a reader timed
 * there would time that process's event loop as much as the server's answer.
 *
 * Started by reconnect-storm.ts with fork(); the order (ReadersOrder) comes over the IPC channel.
 * The readers were using the app before the Wi-Fi dropped: each first reads every path once,
 * untimed (the server's caches are as warm as they were before the drop), and 'ready' goes back;
 * then they read in turn until 'stop', and the timings go back (ReadersReport) before this process
 * exits.
 */

export interface ReadersOrder {
  origin: string;
  /** Each reader reads these in turn. */
  paths: string[];
  cookies: string[];
  /** A reader's mean pause between two reads. */
  pauseMs: number;
}

export interface ReadersReport {
  readMs: number[];
  byStatus: Array<[number, number]>;
  noAnswer: Array<[string, number]>;
}

async function warmUp(order: ReadersOrder): Promise<void> {
  await Promise.all(
    order.cookies.map(async (cookie) => {
      for (const path of order.paths) await (await fetch(`${order.origin}${path}`, { headers: { cookie } })).arrayBuffer();
    }),
  );
}

async function read(order: ReadersOrder, reading: () => boolean): Promise<ReadersReport> {
  const readMs: number[] = [];
  const byStatus = new Map<number, number>();
  const noAnswer = new Map<string, number>();
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // A read, a few seconds looking at it (half to one and a half times the mean pause), the next.
  // People do not read in step: each starts at a random moment of the first pause.
  const loop = async (cookie: string) => {
    await pause(Math.random() * order.pauseMs);
    for (let i = 0; reading(); i++) {
      const started = performance.now();
      try {
        const res = await fetch(`${order.origin}${order.paths[i % order.paths.length]}`, { headers: { cookie } });
        await res.arrayBuffer();
        count(byStatus, res.status);
      } catch (error) {
        count(byStatus, 0);
        const cause = (error as { cause?: { code?: string } }).cause;
        count(noAnswer, cause?.code ?? (error instanceof Error ? error.message : String(error)));
      }
      readMs.push(performance.now() - started);
      await pause(order.pauseMs / 2 + Math.random() * order.pauseMs);
    }
  };
  await Promise.all(order.cookies.map(loop));
  return { readMs, byStatus: [...byStatus], noAnswer: [...noAnswer] };
}

if (process.send) {
  let reading = true;
  // Should the benchmark go before it says stop, so does this.
  process.once('disconnect', () => (reading = false));
  process.once('message', (order: ReadersOrder) => {
    process.on('message', (message) => {
      if (message === 'stop') reading = false;
    });
    void warmUp(order)
      .then(() => process.send!('ready'))
      .then(() => read(order, () => reading))
      .then((report) => {
        if (process.connected) process.send!(report, () => process.disconnect());
      });
  });
}
