import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Helpers so one migration runs on SQLite and PostgreSQL alike. */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Integer primary key: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function withId<T extends string>(db: Kysely<unknown>, t: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** Does the table have the column already (migrations that add columns stay idempotent)? */
export async function hasColumn(db: Kysely<any>, table: string, column: string) {
  const tables = await db.introspection.getTables();
  return tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
}
