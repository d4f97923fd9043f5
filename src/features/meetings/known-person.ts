import type { QueryClient } from '@tanstack/react-query';

/** A person as screens read them: a deck card, a connection, a profile. */
export interface KnownPerson {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

const isPerson = (value: unknown, id: string): value is KnownPerson =>
  typeof value === 'object' && value !== null && (value as KnownPerson).id === id && typeof (value as KnownPerson).firstName === 'string';

/** A person found in a value of the query cache: itself, in a list, or one level inside a page or list item. */
function find(value: unknown, id: string, depth: number): KnownPerson | undefined {
  if (isPerson(value, id)) return value;
  if (depth === 0 || typeof value !== 'object' || value === null) return undefined;
  for (const inner of Array.isArray(value) ? value : Object.values(value)) {
    const found = find(inner, id, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A member's name and photo as any screen already read them (a deck card, a connection, a
 * profile): a request written offline at the venue names the person without asking the network.
 */
export function knownPerson(queryClient: QueryClient, userId: string): KnownPerson | undefined {
  for (const [, data] of queryClient.getQueriesData({ predicate: () => true })) {
    const found = find(data, userId, 4);
    if (found) return { id: found.id, firstName: found.firstName, lastName: found.lastName ?? '', imageUrl: found.imageUrl ?? null };
  }
  return undefined;
}
