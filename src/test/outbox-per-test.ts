import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { OutboxDb } from '../offline/db';
import { createOutbox, type Outbox } from '../offline/outbox';
import { freshDb } from '../offline/test-helpers';
import { makeMe } from './fixtures';

/** The member's outbox on this device: what a test queues into and reads back. */
export interface DeviceOutbox {
  readonly db: OutboxDb;
  readonly outbox: Outbox;
}

/**
 * A fresh outbox database for each test of the file, with the member's outbox over it (by default
 * makeMe()'s member); deleted after the test. Called at the file's top level.
 */
export function outboxPerTest(userId: string = makeMe().id): DeviceOutbox {
  let current: DeviceOutbox | null = null;
  const device = (): DeviceOutbox => {
    if (!current) throw new Error('The outbox is only there inside the tests and their hooks');
    return current;
  };
  beforeEach(() => {
    const db = freshDb();
    current = { db, outbox: createOutbox({ userId, db }) };
  });
  afterEach(async () => {
    // Unmounted first: a page still watching the database would see it vanish.
    cleanup();
    await device().db.delete();
    current = null;
  });
  return {
    get db() {
      return device().db;
    },
    get outbox() {
      return device().outbox;
    },
  };
}
