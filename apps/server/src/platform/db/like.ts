import { type RawBuilder, sql } from 'kysely';

/** Escapes LIKE wildcards so a filter matches literally (used with ESCAPE '\'). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `lower(column) LIKE '%text%'`, matched literally and case-insensitively on both engines
 * (PostgreSQL's LIKE is case-sensitive; SQLite's only for non-ASCII, which has no case anyway).
 */
export const containsText = (column: string, text: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
