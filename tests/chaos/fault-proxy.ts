/**
 * A real HTTP proxy between the outbox and the server that breaks the wire the way a venue does:
 * offline (connections cut), 500s before or after the server applied a request, answers lost on
 * the way back, slow requests and answers; and 502 while the server is down, as a load balancer.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Prng } from './prng';
import type { FaultRates } from './schedule';

export type Fault = 'none' | 'refuse' | 'error-after' | 'drop-after';

export interface FaultCounts {
  requests: number;
  refused: number;
  errorAfter: number;
  droppedAfter: number;
  slow: number;
  /** Requests cut because the proxy was offline, and 502s while the server was down. */
  offline: number;
  upstreamDown: number;
}

export interface FaultProxy {
  origin: string;
  /** Offline: every open connection is cut and new ones are refused (the venue's Wi-Fi, for everyone). */
  setOffline(offline: boolean): void;
  /**
   * The fault rates for one member's requests (by their Cookie header) and the generator that
   * draws against them, so each member's faults follow their own seed; null: a healthy wire.
   */
  setFaults(cookie: string, rates: FaultRates | null, random?: Prng): void;
  /** What the member's requests met so far. */
  countsFor(cookie: string): FaultCounts;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NO_FAULTS: FaultRates = { refuse: 0, errorAfter: 0, dropAfter: 0, slow: 0 };

const noCounts = (): FaultCounts => ({ requests: 0, refused: 0, errorAfter: 0, droppedAfter: 0, slow: 0, offline: 0, upstreamDown: 0 });

export async function startFaultProxy(upstreamPort: number): Promise<FaultProxy> {
  let offline = false;
  const members = new Map<string, { rates: FaultRates; random: Prng | null; counts: FaultCounts }>();
  const sockets = new Set<Socket>();
  const memberOf = (cookie: string) => {
    let member = members.get(cookie);
    if (!member) members.set(cookie, (member = { rates: NO_FAULTS, random: null, counts: noCounts() }));
    return member;
  };

  /** Draws this request's fault and delays, in the member's arrival order (their engine sends one at a time). */
  function draw(rates: FaultRates, random: Prng | null, counts: FaultCounts): { fault: Fault; before: number; after: number } {
    if (!random) return { fault: 'none', before: 0, after: 0 };
    const roll = random.next();
    const fault: Fault =
      roll < rates.refuse
        ? 'refuse'
        : roll < rates.refuse + rates.errorAfter
          ? 'error-after'
          : roll < rates.refuse + rates.errorAfter + rates.dropAfter
            ? 'drop-after'
            : 'none';
    const slow = random.chance(rates.slow);
    const delay = slow ? random.int(50, 1000) : 0;
    if (slow) counts.slow++;
    return random.chance(0.5) ? { fault, before: delay, after: 0 } : { fault, before: 0, after: delay };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { rates, random, counts } = memberOf(req.headers.cookie ?? '');
    const cut = (req: IncomingMessage) => {
      counts.offline++;
      req.socket.destroy();
    };
    if (offline) return cut(req);
    counts.requests++;
    const { fault, before, after } = draw(rates, random, counts);
    const body = Buffer.concat(await req.toArray());
    if (fault === 'refuse') {
      counts.refused++;
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal server error (chaos proxy)"}');
      return;
    }
    await sleep(before);
    if (offline) return cut(req);
    const upstream = await new Promise<IncomingMessage | null>((resolve) => {
      const out = forward({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers }, resolve);
      out.on('error', () => resolve(null));
      out.end(body);
    });
    if (!upstream) {
      counts.upstreamDown++;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"Bad gateway (chaos proxy)"}');
      return;
    }
    let answer: Buffer;
    try {
      answer = Buffer.concat(await upstream.toArray());
    } catch {
      // The server died while answering.
      counts.upstreamDown++;
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"Bad gateway (chaos proxy)"}');
      return;
    }
    await sleep(after);
    if (offline) return cut(req);
    if (fault === 'drop-after') {
      counts.droppedAfter++;
      return void req.socket.destroy();
    }
    if (fault === 'error-after') {
      counts.errorAfter++;
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal server error (chaos proxy)"}');
      return;
    }
    const headers = { ...upstream.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    res.writeHead(upstream.statusCode ?? 502, { ...headers, 'content-length': String(answer.length) }).end(answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    origin: `http://127.0.0.1:${port}`,
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    setFaults(cookie, rates, random) {
      const member = memberOf(cookie);
      member.rates = rates ?? NO_FAULTS;
      member.random = rates ? (random ?? null) : null;
    },
    countsFor: (cookie) => ({ ...memberOf(cookie).counts }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
