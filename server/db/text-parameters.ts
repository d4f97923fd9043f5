/**
 * A query parameter as PostgreSQL's text input (bytes stay binary), converted the way node-postgres
 * converts them, so that a statement means the same on the embedded database and on a server:
 * dates as ISO timestamps, arrays as array literals, other objects as JSON. The server infers
 * each parameter's type from the statement.
 */
export function toTextParameter(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean | bigint);
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    if (ArrayBuffer.isView(item)) {
      return `"\\\\x${Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString('hex')}"`;
    }
    const text = toTextParameter(item) as string;
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
