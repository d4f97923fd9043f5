import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  rawBody: string;
  signature: string;
  contentType: string;
  type: string;
}

/** For the tests: a bare endpoint that records what the local test checkout posts, byte for byte. */
export async function startWebhookReceiver(status = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({
        rawBody,
        signature: String(request.headers['stripe-signature'] ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        type: (JSON.parse(rawBody) as { type: string }).type,
      });
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`;
  return {
    url,
    received,
    types: () => received.map((webhook) => webhook.type),
    clear: () => received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
