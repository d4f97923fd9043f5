import type { Migration } from 'kysely/migration';
import * as initial from './0001_initial';

/** Listed here rather than read from disk so that bundlers and tsx agree on what exists. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};
