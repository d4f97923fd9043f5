import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { OutboxRecord } from '../db';
import { accepted, foldOverlay, type Mutation, type RecordOf } from './mutation';

/** Connecting through a member's share link (a QR code scanned, or Connect pressed, without network). */
export interface ConnectPayload {
  /** The member whose link it is. */
  userId: string;
  /** The link's share secret. */
  secret: string;
}

declare module '../db' {
  interface OutboxPayloads {
    connect: ConnectPayload;
  }
}

/** What a delivered connect changes: the lists and the member's profile, and a notice (wired in by the app). */
export interface ConnectCache {
  /** The queries that now say 'connected': the connections lists and the member's public profile. */
  connectedKeys(userId: string): QueryKey[];
  /** Tells the member that the connect landed (and offers notifications). */
  landed(): void;
  /** Tells the member that the connect was refused for good. */
  refused(): void;
}

/** The members a connect with waits for (pending or being sent). */
export interface ConnectOverlay {
  waitingFor: Set<string>;
}

/** POST users/{id}/connect/{secret}: connects at once through the member's share link. */
export const connectPath = (userId: string, secret: string) => apiPath('/users/:id/connect/:secret', { id: userId, secret });

export const connectMutation: Mutation<'connect', ConnectCache, ConnectOverlay> = {
  kind: 'connect',

  /**
   * The same member scanned again while one waits is that one (no second request); a newer secret
   * replaces a waiting one under a new id (its key may already be on the server with the old
   * body); a refused one gives way to the new try.
   */
  queue: (queued, payload) => {
    const same = queued.filter((r): r is RecordOf<'connect'> => r.kind === 'connect' && r.payload.userId === payload.userId);
    const waiting = same.find((r) => r.state !== 'failed' && r.payload.secret === payload.secret);
    return waiting ? { same: waiting } : { remove: same.filter((r) => r.state !== 'sending'), payload };
  },

  request: (record, send) => send({ method: 'POST', path: connectPath(record.payload.userId, record.payload.secret), idempotencyKey: record.id }),

  // A connect queued without network (a QR code scanned at the venue) has landed, or was refused
  // for good: the member hears of it wherever they are now (docs/product.md section 8's notices).
  delivered: (record, answer, cache) => {
    if (accepted(answer)) {
      // A read of the profile made before the connect landed (the one a page makes when the network
      // returns) is asked again, so it says 'connected'; the lists too.
      return { keys: cache.connectedKeys(record.payload.userId), write: () => cache.landed(), readAgain: true };
    }
    if (answer.outcome === 'fail') cache.refused();
    return null;
  },

  overlay: (view, record) => {
    if (record.state !== 'failed') view.waitingFor.add(record.payload.userId);
  },

  // A refusal (the link was rotated, or it is the member's own) was told with a notice (delivered).
  discardWhenRefused: true,
};

export const connectOverlayOf = (records: readonly OutboxRecord[] | null): ConnectOverlay =>
  foldOverlay<ConnectOverlay>(records ?? [], { waitingFor: new Set() }, { connect: connectMutation });
