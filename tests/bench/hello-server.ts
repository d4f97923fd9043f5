/**
 * A bare Hono hello-world on @hono/node-server, the yardstick of the throughput benchmark: what
 * this machine answers at most with our HTTP stack and no work per request. Prints its port.
 * `node --import tsx tests/bench/hello-server.ts`
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`hello-world listening on ${info.port}`);
});
