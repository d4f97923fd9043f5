import type { Connection } from '../../../contract/attendees';

/** Lower case without accents, so 'jose' finds 'José' and 'ASA' finds 'Åsa'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The connections whose first name, last name or role contain every word of the query (docs/product.md
 * section 2: a searchable list), in their order; all of them for a blank query.
 */
export function searchConnections<T extends Pick<Connection, 'firstName' | 'lastName' | 'role'>>(connections: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...connections];
  return connections.filter((connection) => {
    const text = fold(`${connection.firstName} ${connection.lastName} ${connection.role ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}
