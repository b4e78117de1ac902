/** A write refused by a unique index, on PostgreSQL (23505) or SQLite: the row another request stored first. */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
};
