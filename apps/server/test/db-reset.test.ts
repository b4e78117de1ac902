import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetDatabase } from '../src/db/reset.ts';
import { createPgDatabase, createTestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';

/** npm run db:reset: whatever the demo went through, it comes back as on its first start (both engines). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-reset-'));
const pg = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : null;
const databaseUrl = pg?.url;
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pg?.drop();
});

describe('db:reset', () => {
  it('drops what happened since the first start and seeds the demo again', async () => {
    let t = await createTestApp({ dataDir, databaseUrl });
    const admin = await login(t.app, 'admin');
    const buyer2 = (await t.ctx.database.db.selectFrom('app_user').select('id').where('user_name', '=', 'buyer2').executeTakeFirstOrThrow()).id;
    expect((await call(t.app, 'DELETE', `/uac/v1/caas-user/delete/${buyer2}`, { session: admin })).body.code).toBe(200);
    await t.close();

    await resetDatabase({ databaseUrl: databaseUrl ?? null, dataDir, catalogItems: 300, catalogPictures: false });

    t = await createTestApp({ dataDir, databaseUrl });
    try {
      // the deleted demo account is back and logs in with the published password
      expect((await login(t.app, 'buyer2')).data.user.userName).toBe('buyer2');
      const audits = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', '=', 'user.delete').execute();
      expect(audits).toHaveLength(0);
      const items = await t.ctx.database.db
        .selectFrom('item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(items.n)).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
