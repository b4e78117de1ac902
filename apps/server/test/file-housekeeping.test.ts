import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ID_COLUMNS } from '../src/modules/shared/files/file-references.ts';
import { UPLOAD_QUOTA } from '../src/modules/shared/files/files.service.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { PDF_MINI, PNG_1X1, upload } from './support/multipart.ts';
import { demoSessions } from './support/sessions.ts';

/** Upload quotas (per account per day, anonymous per address) and the nightly sweep of unattached files. */
let t: TestApp;
const { as } = demoSessions(() => t);
const { userId } = lookups(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const png = (name = 'a.png') => ({ name, data: PNG_1X1, type: 'image/png' });

/** A stored-file row as an upload would leave it (no bytes needed for the counting tests). */
async function fileRow(o: { uploadedBy?: number | null; createdAgoMs: number; size?: number; purpose?: string; key?: string }) {
  const row = await t.ctx.database.db
    .insertInto('file_object')
    .values({
      storage_key: o.key ?? `test/${Math.random().toString(16).slice(2)}.png`,
      original_name: 'x.png',
      mime: 'image/png',
      size: o.size ?? 10,
      sha256: '0'.repeat(64),
      purpose: o.purpose ?? 'pageConfig',
      uploaded_by: o.uploadedBy ?? null,
      created_at: iso(o.createdAgoMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('upload quota per account', () => {
  it('refuses an upload that would pass the 24-hour file count, and counts only the last 24 hours', async () => {
    const s = await as('assistant1');
    const uid = await userId('assistant1');
    for (let i = 0; i < UPLOAD_QUOTA.files - 1; i++) await fileRow({ uploadedBy: uid, createdAgoMs: 60_000 });
    await fileRow({ uploadedBy: uid, createdAgoMs: DAY + 60_000 }); // older than a day: not counted
    const two = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png(), png('b.png')], s);
    expect(two.status).toBe(429);
    expect(two.body.message).toMatch(/24 小时内上传已达上限/);
    const one = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png()], s);
    expect(one.status).toBe(200);
    expect(one.body.data.succeeded).toHaveLength(1);
    expect((await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png()], s)).status).toBe(429);
  });

  it('refuses an upload that would pass the 24-hour volume; another account is not affected', async () => {
    const uid = await userId('leader2');
    await fileRow({ uploadedBy: uid, createdAgoMs: 60_000, size: UPLOAD_QUOTA.bytes - 10 });
    expect((await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png()], await as('leader2'))).status).toBe(429);
    expect((await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png()], await as('admin'))).status).toBe(200);
  });
});

describe('anonymous qualification uploads', () => {
  it('are counted per file and per address', async () => {
    const files = Array.from({ length: UPLOAD_QUOTA.anonymousFilesPerHour }, (_, i) => ({ name: `资质${i}.pdf`, data: PDF_MINI }));
    const first = await upload(t.app, '/uac/file/noauth/uploadQualification', files, null, { remoteAddress: '203.0.113.80' });
    expect(first.status).toBe(200);
    expect(first.body.data.succeeded).toHaveLength(UPLOAD_QUOTA.anonymousFilesPerHour);
    const more = await upload(t.app, '/uac/file/noauth/uploadQualification', [{ name: '再一个.pdf', data: PDF_MINI }], null, { remoteAddress: '203.0.113.80' });
    expect(more.status).toBe(429);
    const elsewhere = await upload(t.app, '/uac/file/noauth/uploadQualification', [{ name: '营业执照.pdf', data: PDF_MINI }], null, {
      remoteAddress: '203.0.113.81',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('sweeping unattached files', () => {
  it('removes rows and bytes of files nothing attaches a day after upload, and keeps attached and recent ones', async () => {
    const admin = await as('admin');
    const stored = async () => {
      const r = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [png()], admin);
      const f = r.body.data.succeeded[0] as { id: number; url: string };
      return f;
    };
    const db = t.ctx.database.db;
    const age = (id: number, ms: number) =>
      db
        .updateTable('file_object')
        .set({ created_at: iso(ms) })
        .where('id', '=', id)
        .execute();

    const orphan = await stored();
    const attached = await stored();
    const recent = await stored();
    await age(orphan.id, DAY + 60_000);
    await age(attached.id, DAY + 60_000);
    await db
      .insertInto('page_config')
      .values({ kind: 'indexBanner', title: '扫除测试横幅', image_file_id: attached.id, sort: 0, status: 0, created_at: iso(0), updated_at: iso(0) })
      .execute();
    // a picture kept in an item's JSON image list is attached too
    const itemPic = await fileRow({ createdAgoMs: DAY + 60_000, purpose: 'item' });
    const item = await db.selectFrom('item').select(['id', 'images']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db
      .updateTable('item')
      .set({ images: JSON.stringify([itemPic, 'https://example.com/a.png']) })
      .where('id', '=', item.id)
      .execute();

    // through the jobs port, as the nightly schedule runs it
    const ids = async () => new Set((await db.selectFrom('file_object').select('id').execute()).map((r) => r.id));
    await t.ctx.jobs.enqueue(db, 'files.sweepOrphans');
    await t.ctx.jobs.start();
    try {
      const deadline = Date.now() + 15_000;
      while ((await ids()).has(orphan.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await t.ctx.jobs.stop();
    }
    const left = await ids();
    expect(left.has(orphan.id)).toBe(false);
    expect(left.has(attached.id)).toBe(true);
    expect(left.has(recent.id)).toBe(true);
    expect(left.has(itemPic)).toBe(true);
    // the orphan's bytes are gone with it: its link answers 404 in the envelope
    const dl = await t.app.inject({ method: 'GET', url: orphan.url });
    expect(dl.statusCode).toBe(404);
    const kept = await t.app.inject({ method: 'GET', url: attached.url });
    expect(kept.statusCode).toBe(200);
    // a download may be kept by the browser for the link's lifetime (the API's no-store is overridden)
    expect(kept.headers['cache-control']).toBe('private, max-age=1800');
    await db.updateTable('item').set({ images: item.images }).where('id', '=', item.id).execute();
  });

  it('knows every column that holds a file id', async () => {
    const tables = await t.ctx.database.db.introspection.getTables();
    const holders = tables.flatMap((tb) => tb.columns.filter((c) => c.name.endsWith('file_id')).map((c) => `${tb.name}.${c.name}`)).sort();
    expect(holders).toEqual(FILE_ID_COLUMNS.map((r) => `${r.table}.${r.column}`).sort());
  });
});
