import { sql, type RawBuilder } from 'kysely';

/**
 * SQL: the member of the users alias `u` has a complete profile, role and story both set (the rule
 * of contract/profile-completeness.ts, which the app checks; one place for the server's queries).
 */
export const completeProfileSql: RawBuilder<boolean> = sql<boolean>`(coalesce(btrim(u.role), '') <> '' and coalesce(btrim(u.story), '') <> '')`;
