import type { ApiRoute } from './api-routes';

/**
 * The API writes the app's outbox sends. An outbox write may reach the server twice (its answer
 * lost in venue Wi-Fi, then sent again), so each route claims the request's Idempotency-Key and
 * answers a repeat with the first answer (docs/architecture.md, "Writes that must survive the
 * venue"). Both sides are checked against this list: every write an outbox kind sends is one of
 * these (src/app/outbox/mutations.contract.test.ts), and every one of these refuses a malformed
 * key, which only the key's middleware does (server/routes/outbox-writes.test.ts).
 *
 * A run of queued swipes goes as one batch (contract/interaction-batch.ts) whose items carry their
 * keys in the body: that route is checked by its own tests.
 */
export const OUTBOX_WRITES = [
  'POST /users/interactions/positive',
  'POST /users/interactions/negative',
  'DELETE /users/interactions/:id',
  'PATCH /events/:id/attendee',
  'PATCH /users/me',
  'PUT /users/:id/note',
  'POST /users/:id/connect/:secret',
  'DELETE /users/me/events/:id',
  'POST /events/:id/meetings',
  'POST /meetings/:id/accept',
  'POST /meetings/:id/decline',
  'POST /meetings/:id/propose',
  'POST /meetings/:id/cancel',
  'PUT /meetings/:id/outcome',
  'PUT /conversations/:userId/messages/:id',
] as const satisfies readonly ApiRoute[];
