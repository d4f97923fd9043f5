import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxDb } from './db';

/**
 * A member's first visit on a device: no outbox database exists, so no record can, and the deck
 * need not wait for Dexie and IndexedDB before its cards show. Each test loads the summary module
 * afresh, as a page start does (it looks at IndexedDB once).
 */

const freshSummary = async () => {
  vi.resetModules();
  const [read, keep] = await Promise.all([import('./outbox-summary'), import('./keep-outbox-summary')]);
  return { ...read, ...keep };
};

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await createOutboxDb().delete();
});

describe('the outbox database check at start', () => {
  it('counts an unknown summary as empty on a device without an outbox database', async () => {
    const summary = await freshSummary();
    expect(summary.outboxKnownEmpty('alice')).toBe(false);
    expect(summary.everyOutboxKnownEmpty()).toBe(false);

    await summary.checkOutboxDatabase();
    expect(summary.outboxKnownEmpty('alice')).toBe(true);
    expect(summary.everyOutboxKnownEmpty()).toBe(true);
  });

  it('stops saying empty as soon as a record is being added', async () => {
    const summary = await freshSummary();
    await summary.checkOutboxDatabase();
    summary.markOutboxAdding('alice');
    expect(summary.outboxKnownEmpty('alice')).toBe(false);
    expect(summary.everyOutboxKnownEmpty()).toBe(false);
    // Another member's summary is theirs: still nothing was ever added for bob.
    expect(summary.outboxKnownEmpty('bob')).toBe(true);
  });

  it('leaves an unknown summary unknown when the device has an outbox database', async () => {
    const db = createOutboxDb();
    await db.open();
    db.close();
    const summary = await freshSummary();
    await summary.checkOutboxDatabase();
    expect(summary.outboxKnownEmpty('alice')).toBe(false);
    expect(summary.everyOutboxKnownEmpty()).toBe(false);
  });

  it('changes nothing where the browser cannot list its databases', async () => {
    vi.stubGlobal('indexedDB', { open: indexedDB.open.bind(indexedDB) });
    const summary = await freshSummary();
    await summary.checkOutboxDatabase();
    expect(summary.outboxKnownEmpty('alice')).toBe(false);
  });

  it('still follows a counted summary', async () => {
    const summary = await freshSummary();
    await summary.checkOutboxDatabase();
    localStorage.setItem(summary.outboxSummaryKey('alice'), '2');
    expect(summary.outboxKnownEmpty('alice')).toBe(false);
    localStorage.setItem(summary.outboxSummaryKey('alice'), '0');
    expect(summary.outboxKnownEmpty('alice')).toBe(true);
  });
});
