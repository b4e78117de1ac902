import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, createTestApp, type TestApp } from './support/harness.ts';

/**
 * Several processes started at the same moment on an empty PostgreSQL database (a deployment's
 * first start, or every replica restarted at once): migrations and seeding take turns under an
 * advisory lock, so every process comes up and the data is seeded once.
 */
const PG = process.env.DATABASE_URL;

describe.skipIf(!PG)('concurrent start on an empty PostgreSQL database', () => {
  const apps: TestApp[] = [];
  let db: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.drop();
  });

  it('three apps started at once all come up, with the base and demo data seeded once', { timeout: 120_000 }, async () => {
    db = await createPgDatabase(PG as string);
    const url = db.url;
    const started = await Promise.allSettled([1, 2, 3].map(() => createTestApp({ databaseUrl: url })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const users = await apps[0].ctx.database.db
      .selectFrom('app_user')
      .select(['user_name'])
      .where('user_name', 'in', ['admin', 'buyer1', 'supplier1'])
      .execute();
    expect(users.map((u) => u.user_name).sort()).toEqual(['admin', 'buyer1', 'supplier1']);
    for (const a of apps) expect((await a.app.inject({ method: 'GET', url: '/version.json' })).statusCode).toBe(200);
  });
});
