import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from 'kysely';
import { PLAN_RESULT_CHANGED, worthPreparing } from './statement-kinds';
import { toTextParameter } from './text-parameters';

/**
 * Runs Kysely's statements on PGlite as the PostgreSQL server's own drivers do, in one exchange
 * with the WebAssembly module per statement, and keeps each statement prepared for the next time.
 *
 * PGlite's query() makes six exchanges per statement (parse, describe the parameters, bind,
 * describe the result, execute, sync) and parses and plans the text anew each time; on the events
 * list that overhead was most of a request. Here the parameters go as text with their types left
 * to the server (what node-postgres does, so PGlite and a PostgreSQL server see the same values),
 * the messages go together, and a statement seen before is only bound and executed: its parse
 * tree and, after five runs, its generic plan are reused by PostgreSQL (unless a parameter is a
 * search pattern: statement-kinds.ts).
 */

/**
 * Prepared statements kept per database; the least recently used is closed beyond this. The app
 * has a few hundred statement shapes (a list of n ids is a shape per n), each a few KB in PGlite.
 */
const MAX_PREPARED = 500;

/** Names are unique in the process, so two executors on one PGlite never take each other's. */
let statementCounter = 0;

interface BackendError extends Error {
  code?: string;
}

export class PGliteStatements {
  /** SQL text -> statement name, in order of last use (a Map iterates in insertion order). */
  readonly #names = new Map<string, string>();
  /** Evicted names, closed at the start of the next exchange. */
  #closing: string[] = [];

  constructor(
    private readonly pglite: PGlite,
    private readonly maxPrepared = MAX_PREPARED,
  ) {}

  /** How many statements are prepared now (for tests). */
  get preparedCount(): number {
    return this.#names.size;
  }

  async execute<R>(sqlText: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    try {
      return await this.#run<R>(sqlText, parameters);
    } catch (error) {
      if ((error as BackendError).code !== PLAN_RESULT_CHANGED || !this.#names.has(sqlText)) throw error;
      // PostgreSQL refuses to run a prepared `select *` whose table gained or lost columns since;
      // prepare it again once.
      this.#forget(sqlText);
      return this.#run<R>(sqlText, parameters);
    }
  }

  async #run<R>(sqlText: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const { serialize } = protocol;
    const known = this.#names.get(sqlText);
    if (known) this.#touch(sqlText);
    const name = known ?? (worthPreparing(sqlText, parameters) ? this.#newName(sqlText) : '');
    const parts: Uint8Array[] = this.#closing.map((closed) => serialize.close({ type: 'S', name: closed }));
    this.#closing = [];
    if (!known) parts.push(serialize.parse({ name, text: sqlText, types: [] }));
    parts.push(
      serialize.bind({ statement: name, values: parameters.map(toTextParameter) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(concat(parts), { throwOnError: false, syncToFs: true }));
    const failure = messages.find((message) => message.name === 'error') as BackendError | undefined;
    if (failure) {
      // A statement whose parse did not complete was never created under its name.
      if (!known && name && !messages.some((message) => message.name === 'parseComplete')) this.#names.delete(sqlText);
      throw failure;
    }
    const [result] = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    const affected = result?.affectedRows;
    return {
      rows: (result?.rows ?? []) as R[],
      ...(affected != null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  #newName(sqlText: string): string {
    const name = `k${(statementCounter += 1).toString(36)}`;
    this.#names.set(sqlText, name);
    if (this.#names.size > this.maxPrepared) {
      const [oldest] = this.#names.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    return name;
  }

  #forget(sqlText: string): void {
    const name = this.#names.get(sqlText);
    if (name === undefined) return;
    this.#names.delete(sqlText);
    this.#closing.push(name);
  }

  /** Marks a statement as just used, so that the least recently used one is evicted first. */
  #touch(sqlText: string): void {
    const name = this.#names.get(sqlText);
    if (name === undefined) return;
    this.#names.delete(sqlText);
    this.#names.set(sqlText, name);
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
