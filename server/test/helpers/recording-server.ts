import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain HTTP server on 127.0.0.1 that answers every request the same way and counts what reaches
 * it: a host inside the network that must never be contacted (connections stays 0), or a push
 * service the operator trusts (requests shows what was sent).
 */
export interface RecordingServer {
  origin: string;
  port: number;
  /** TCP connections made to it, whether or not a request followed. */
  connections: number;
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders; bodyBytes: number }>;
  /** What it answers from now on. */
  answer: { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
}

export async function startRecordingServer(answer: RecordingServer['answer'] = { status: 404 }): Promise<RecordingServer> {
  const server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.byteLength));
    req.on('end', () => {
      recording.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, bodyBytes });
      res.writeHead(recording.answer.status, recording.answer.headers).end();
    });
  });
  server.on('connection', () => recording.connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const recording: RecordingServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: 0,
    requests: [],
    answer,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  return recording;
}
