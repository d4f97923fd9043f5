import { CompiledQuery } from 'kysely';

/**
 * Statements compiled once per shape. Building and compiling the events list's statement with
 * Kysely took a fifth of the API process's CPU per request (a few hundred frozen nodes visited
 * each time), for SQL text that is the same for every request of that shape; only the values
 * differ. A template is the compiled statement with a note of which parameter is which value; a
 * request then only puts its values in those places.
 *
 * A wrongly placed value would read another member's data, so the template is derived so that it
 * cannot place one wrongly without noticing:
 * - the statement is compiled twice with two sets of stand-ins, distinct values of the same types
 *   (a unique string, date, number per value); a parameter that is stand-in k in both compiles is
 *   value k, one that is equal in both is a constant, and anything else (a value computed from a
 *   value in TypeScript, such as a hash or an offset) means the statement cannot be a template:
 *   it is compiled at every call, as before;
 * - the two compiles must give the same text, or the statement's shape depends on a value;
 * - the first CHECKED_USES calls of a template, and one call in CHECK_EVERY after that, are also
 *   compiled the usual way and compared with the template's result; a difference (a shape that
 *   branches on a value in a way the stand-ins did not reveal) drops the template for good and
 *   logs an error. Tests compare both ways over many values (statement-templates.test.ts and the
 *   routes' own).
 * Values are only dates, numbers and strings: a boolean or a list's length changes the text, so it
 * belongs to the shape.
 */
export type TemplateValues = Readonly<Record<string, Date | number | string>>;

/** Calls of a new template that are also compiled the usual way and compared. */
export const CHECKED_USES = 3;
/** After those, one call in this many is compared. */
export const CHECK_EVERY = 256;

type Slot = { value: string } | { constant: unknown };

interface Template {
  sql: string;
  slots: Slot[];
  uses: number;
}

/**
 * Marks the string stand-ins. A constant holding its first character is taken for a stand-in that
 * was changed on its way, and the statement is compiled at every call: the safe side.
 */
const STAND_IN_MARK = '\u0001stand-in\u0001';

function standIns(values: TemplateValues, set: 0 | 1): Record<string, Date | number | string> {
  const result: Record<string, Date | number | string> = {};
  Object.keys(values).forEach((name, index) => {
    const value = values[name];
    // Odd and far apart: no sum or product of two stand-ins (an offset) lands on another.
    const unique = 1_000_003 + set * 500_009 + index * 10_007;
    if (value instanceof Date) result[name] = new Date(Date.UTC(1970, 0, 1) + unique * 1000);
    else if (typeof value === 'number') result[name] = Number.isInteger(value) ? unique : unique + 0.5;
    else if (typeof value === 'string') result[name] = `${STAND_IN_MARK}${set}:${index}`;
    else throw new TypeError(`A template value must be a date, number or string: ${name}`);
  });
  return result;
}

const sameParameter = (a: unknown, b: unknown) => a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/** The template of a statement compiled with both sets of stand-ins, or null when it cannot be one. */
function deriveTemplate(first: CompiledQuery, second: CompiledQuery, sets: Array<Record<string, unknown>>): Template | null {
  if (first.sql !== second.sql || first.parameters.length !== second.parameters.length) return null;
  const names = Object.keys(sets[0]!);
  const slots: Slot[] = [];
  for (let i = 0; i < first.parameters.length; i++) {
    const a = first.parameters[i];
    const b = second.parameters[i];
    const name = names.find((candidate) => sets[0]![candidate] === a && sets[1]![candidate] === b);
    if (name !== undefined) slots.push({ value: name });
    else if (sameParameter(a, b) && !isStandInLike(a)) slots.push({ constant: a });
    else return null;
  }
  return { sql: first.sql, slots, uses: 0 };
}

/** A stand-in that reached the statement changed (a slice of a stand-in string, say) is not a constant. */
function isStandInLike(parameter: unknown): boolean {
  return typeof parameter === 'string' && parameter.includes(STAND_IN_MARK[0]!);
}

function sameCompiled(a: CompiledQuery, b: CompiledQuery): boolean {
  return a.sql === b.sql && a.parameters.length === b.parameters.length && a.parameters.every((value, i) => sameParameter(value, b.parameters[i]));
}

export class StatementTemplates {
  readonly #templates = new Map<string, Template | 'compile each time'>();
  #checkEvery = CHECK_EVERY;
  #dropped = 0;

  constructor(private readonly onMismatch: (shape: string) => void = (shape) => console.error(`[db] statement template dropped: ${shape}`)) {}

  /**
   * The statement `build` compiles from `values`, taken from the shape's template when it has
   * one. `shape` must name everything the statement's text depends on besides `values`.
   */
  compile<V extends TemplateValues>(shape: string, values: V, build: (values: V) => CompiledQuery): CompiledQuery {
    let template = this.#templates.get(shape);
    if (template === undefined) {
      const sets = [standIns(values, 0), standIns(values, 1)];
      template = deriveTemplate(build(sets[0] as V), build(sets[1] as V), sets) ?? 'compile each time';
      this.#templates.set(shape, template);
    }
    if (template === 'compile each time') return build(values);
    const filled = CompiledQuery.raw(
      template.sql,
      template.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant)),
    );
    template.uses += 1;
    if (template.uses <= CHECKED_USES || template.uses % this.#checkEvery === 0) {
      const compiled = build(values);
      if (!sameCompiled(compiled, filled)) {
        this.#templates.set(shape, 'compile each time');
        this.#dropped += 1;
        this.onMismatch(shape);
        return compiled;
      }
    }
    return filled;
  }

  /** Tests: compare every use with the statement compiled the usual way. */
  checkEveryUse(): void {
    this.#checkEvery = 1;
  }

  /** The shapes seen, each with whether it runs from a template, and how many templates were dropped. */
  report(): { templated: string[]; compiledEachTime: string[]; dropped: number } {
    const entries = [...this.#templates];
    return {
      templated: entries.filter(([, t]) => t !== 'compile each time').map(([shape]) => shape),
      compiledEachTime: entries.filter(([, t]) => t === 'compile each time').map(([shape]) => shape),
      dropped: this.#dropped,
    };
  }
}

const perDatabase = new WeakMap<object, StatementTemplates>();

/** The templates of one database handle (a test's database has its own). */
export function statementTemplatesOf(db: object): StatementTemplates {
  let templates = perDatabase.get(db);
  if (!templates) {
    templates = new StatementTemplates();
    perDatabase.set(db, templates);
  }
  return templates;
}
