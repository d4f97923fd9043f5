/** A value of Stripe's form encoding once its bracket keys are folded: `a[b][0]=x` -> {a: {b: ['x']}}. */
export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

/**
 * Stripe's API takes `application/x-www-form-urlencoded` bodies (and query strings) whose keys nest
 * with brackets, the way the SDK writes them: `metadata[userId]=1`, `line_items[0][price]=price_x`,
 * `expand[0]=subscription`; browsers and curl users also write `expand[]=x`.
 */
export function parseParams(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = splitKey(key);
    if (path.length === 0) continue;
    let node: Params = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i]!;
      const next = node[segment];
      if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
        node = next;
      } else {
        const child: Params = {};
        node[segment] = child;
        node = child;
      }
    }
    const last = path[path.length - 1]!;
    if (last === '') {
      // `expand[]=a&expand[]=b`: each one appends.
      node[String(Object.keys(node).length)] = value;
    } else {
      node[last] = value;
    }
  }
  return arraysFromIndexedObjects(root) as Params;
}

function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return key === '' ? [] : [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(rest)) !== null) path.push(match[1]!);
  return path;
}

/** {0: a, 1: b} becomes [a, b]; an object with any other key stays an object. */
function arraysFromIndexedObjects(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]!);
  }
  return converted;
}

export function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

/** Stripe's metadata: string values only; an empty value removes the key on updates. */
export function metadataParam(params: Params, name = 'metadata'): Record<string, string> | undefined {
  const value = params[name];
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return value === '' ? {} : undefined;
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') metadata[key] = entry;
  return metadata;
}

export function expandParam(params: Params): string[] {
  const value = params.expand;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return [];
}
