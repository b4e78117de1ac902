import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { statesOf, transition } from '../transitions.ts';
import { checkSheet, PREVIEW_ROWS, stagedImport } from './staged-import.ts';

interface T {
  batch: {
    id: Generated<number>;
    owner_id: number;
    status: string;
    slot: number | null;
    rows: string;
    errors: string;
    total_rows: Generated<number>;
    error_rows: Generated<number>;
    created_at: string;
    expires_at: string;
    applied_at: string | null;
  };
  sheet: {
    id: Generated<number>;
    owner_id: number;
    status: string;
    note: string | null;
    total_rows: Generated<number>;
    error_rows: Generated<number>;
    created_at: string;
    expires_at: string;
    applied_at: string | null;
  };
  sheet_row: { id: Generated<number>; sheet_id: number; row_no: number; kind: string; error: string | null };
  effect: { id: Generated<number>; import_id: number };
}

type Status = 'ready' | 'invalid' | 'applied' | 'expired';
type SheetStatus = 'checking' | 'checked' | 'applied' | 'expired' | 'cancelled';

/** Rows kept as JSON on the record, invalid ones expire too; the confirming admin applies. */
const BATCH = stagedImport<Status, 'apply', 'admin'>({
  table: 'batch',
  words: { staged: 'ready', invalid: 'invalid', applied: 'applied', expired: 'expired' },
  invalidExpires: true,
  owner: 'admin',
  confirm: 'apply',
  minutes: 60,
  keepDays: 7,
  rows: { json: 'rows', errors: 'errors' },
  onExpire: { slot: null, rows: '[]' },
});

/** Checked after its record is opened, rows in a table of their own, a cancel of its own. */
const SHEET = stagedImport<SheetStatus, 'confirm', 'supplier', 'cancel'>({
  table: 'sheet',
  words: { checking: 'checking', staged: 'checked', applied: 'applied', expired: 'expired' },
  owner: 'supplier',
  confirm: 'confirm',
  moves: [{ from: ['checked'], action: 'cancel', actor: ['supplier'], to: 'cancelled' }],
  minutes: 60,
  checkingMinutes: 10,
  keepDays: 7,
  rows: { table: 'sheet_row', importId: 'sheet_id', rowNo: 'row_no', batch: 3 },
});

const T0 = new Date('2026-03-01T08:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let db: Kysely<T>;
beforeEach(async () => {
  db = new Kysely<T>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`CREATE TABLE batch (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL, status TEXT NOT NULL, slot INTEGER UNIQUE, rows TEXT NOT NULL,
    errors TEXT NOT NULL, total_rows INTEGER NOT NULL DEFAULT 0, error_rows INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, applied_at TEXT)`.execute(db);
  await sql`CREATE TABLE sheet (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL, status TEXT NOT NULL, note TEXT, total_rows INTEGER NOT NULL DEFAULT 0,
    error_rows INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, applied_at TEXT)`.execute(db);
  await sql`CREATE TABLE sheet_row (id INTEGER PRIMARY KEY, sheet_id INTEGER NOT NULL, row_no INTEGER NOT NULL, kind TEXT NOT NULL, error TEXT)`.execute(db);
  await sql`CREATE TABLE effect (id INTEGER PRIMARY KEY, import_id INTEGER NOT NULL)`.execute(db);
});
afterEach(() => db.destroy());

const batch = (id: number) => db.selectFrom('batch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stageBatch = (now: Date, o: { owner?: number; errorRows?: number; rows?: unknown[] } = {}) =>
  BATCH.on(db).stage(
    { owner_id: o.owner ?? 1, slot: o.owner ?? 1, applied_at: null },
    {
      now,
      total: (o.rows ?? [1, 2]).length,
      errorRows: o.errorRows ?? 0,
      rows: o.rows ?? [{ n: 1 }, { n: 2 }],
      errors: o.errorRows ? [{ row: 3, column: '数量', message: '数量须为正整数' }] : [],
    },
  );

/** What a confirming service does: in one transaction, win the import, then write its effect. */
const confirm = (id: number, now: Date) =>
  db.transaction().execute(async (trx) => {
    if (!(await BATCH.on(trx).confirmOnce(id, now))) return false;
    await trx.insertInto('effect').values({ import_id: id }).execute();
    return true;
  });

describe('the transitions table, in each kind’s words', () => {
  it('stages, confirms and expires with the kind’s status, action and actor words, beside its own moves', () => {
    expect(transition(BATCH.transitions, 'ready', 'apply', 'admin')).toBe('applied');
    expect(transition(BATCH.transitions, 'ready', 'apply', 'sweep')).toBeNull();
    expect(transition(BATCH.transitions, 'invalid', 'apply', 'admin')).toBeNull();
    expect(BATCH.expiry).toEqual({ from: ['ready', 'invalid'], to: 'expired' });
    expect(BATCH.validation).toBeNull();
    expect([...statesOf(BATCH.transitions)].sort()).toEqual(['applied', 'expired', 'invalid', 'ready']);

    expect(SHEET.validation).toEqual({ from: ['checking'], to: 'checked' });
    expect(SHEET.confirmation).toEqual({ from: ['checked'], to: 'applied' });
    expect(SHEET.expiry).toEqual({ from: ['checking', 'checked'], to: 'expired' });
    expect(transition(SHEET.transitions, 'checked', 'cancel', 'supplier')).toBe('cancelled');
    expect(transition(SHEET.transitions, 'applied', 'expire', 'sweep')).toBeNull();
  });

  it('starts in checking, else invalid with a bad row (when the kind has it), else staged', () => {
    expect(BATCH.startState(0)).toBe('ready');
    expect(BATCH.startState(2)).toBe('invalid');
    expect(SHEET.startState(2)).toBe('checking');
    const noInvalid = stagedImport<'ready' | 'applied' | 'expired'>({
      table: 'x',
      words: { staged: 'ready', applied: 'applied', expired: 'expired' },
      owner: 'owner',
      confirm: 'confirm',
      minutes: 5,
      rows: { json: 'rows', errors: 'errors' },
    });
    expect(noInvalid.startState(2)).toBe('ready');
  });
});

describe('stage and confirm once', () => {
  it('stages with the deadline, counts, rows and errors; the record reads back', async () => {
    const id = await stageBatch(T0, { errorRows: 1 });
    const r = await batch(id);
    expect(r).toMatchObject({ status: 'invalid', created_at: T0.toISOString(), expires_at: at(60).toISOString(), total_rows: 2, error_rows: 1 });
    expect(BATCH.contents(r)).toEqual({ rows: [{ n: 1 }, { n: 2 }], errors: [{ row: 3, column: '数量', message: '数量须为正整数' }] });
    expect(BATCH.confirmable(r, at(1))).toBe(false);
  });

  it('two confirmations at once: exactly one wins and writes its effect', async () => {
    const id = await stageBatch(T0);
    const results = await Promise.all([confirm(id, at(5)), confirm(id, at(5)), confirm(id, at(6))]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.selectFrom('effect').selectAll().execute()).toHaveLength(1);
    expect(await batch(id)).toMatchObject({ status: 'applied', applied_at: at(5).toISOString() });
    // and once applied, never again
    expect(await BATCH.on(db).confirmOnce(id, at(7))).toBe(false);
  });

  it('a confirmation after the deadline loses, swept or not; the record then reads as expired', async () => {
    const id = await stageBatch(T0);
    const before = await batch(id);
    expect(BATCH.confirmable(before, at(59))).toBe(true);
    expect(BATCH.standing(before, at(59))).toBe('ready');
    expect(BATCH.standing(before, at(60))).toBe('expired');
    expect(await confirm(id, at(60))).toBe(false);
    expect(await confirm(id, at(61))).toBe(false);
    expect((await batch(id)).status).toBe('ready');
    // the sweep first: the same
    await BATCH.on(db).expire(at(61));
    expect(await confirm(id, at(30))).toBe(false);
    expect(await db.selectFrom('effect').selectAll().execute()).toHaveLength(0);
  });

  it('a confirmation racing the sweep: one of them moves the import, never both', async () => {
    const id = await stageBatch(T0);
    const [won, swept] = await Promise.all([confirm(id, at(59)), db.transaction().execute((trx) => BATCH.on(trx).expire(at(60)))]);
    const r = await batch(id);
    expect(Number(won) + swept).toBe(1);
    expect(r.status).toBe(won ? 'applied' : 'expired');
  });

  it('an invalid import is never confirmed', async () => {
    const id = await stageBatch(T0, { errorRows: 1 });
    expect(await confirm(id, at(1))).toBe(false);
    expect((await batch(id)).status).toBe('invalid');
  });
});

describe('expire and remove old', () => {
  it('expires only open imports past their deadline, with onExpire, narrowed by where', async () => {
    const stale = await stageBatch(T0, { owner: 1 });
    const staleInvalid = await stageBatch(T0, { owner: 2, errorRows: 1 });
    const fresh = await stageBatch(at(30), { owner: 3 });
    const applied = await stageBatch(T0, { owner: 4 });
    await BATCH.on(db).confirmOnce(applied, at(10));
    const otherOwner = await stageBatch(T0, { owner: 5 });

    // one owner's sweep (a read of that owner's imports) touches only that owner's
    expect(await BATCH.on(db).expire(at(61), { owner_id: 5 })).toBe(1);
    expect(await BATCH.on(db).expire(at(61))).toBe(2);
    expect((await batch(stale)).status).toBe('expired');
    expect((await batch(staleInvalid)).status).toBe('expired');
    expect((await batch(otherOwner)).status).toBe('expired');
    expect((await batch(fresh)).status).toBe('ready');
    expect((await batch(applied)).status).toBe('applied');
    // onExpire: the slot is freed and the rows dropped
    expect(await batch(stale)).toMatchObject({ slot: null, rows: '[]' });
    expect((await batch(fresh)).slot).toBe(3);
    expect((await batch(applied)).slot).toBe(4);
    // exactly at the deadline it expires; a second sweep has nothing to do
    expect(await BATCH.on(db).expire(at(90))).toBe(1);
    expect(await BATCH.on(db).expire(at(90))).toBe(0);
  });

  it('an invalid import stays when the kind does not expire it', async () => {
    const KEEP = stagedImport<Status, 'apply', 'admin'>({ ...BATCH.kind, invalidExpires: false });
    const id = await stageBatch(T0, { errorRows: 1 });
    expect(await KEEP.on(db).expire(at(120))).toBe(0);
    expect((await batch(id)).status).toBe('invalid');
  });

  it('removes records (and their rows) older than the kind keeps', async () => {
    const old = await stageBatch(at(-8 * 24 * 60));
    const recent = await stageBatch(at(-6 * 24 * 60), { owner: 2 });
    expect(await BATCH.on(db).removeOld(T0)).toBe(1);
    expect((await db.selectFrom('batch').select('id').execute()).map((r) => r.id)).toEqual([recent]);
    expect(old).not.toBe(recent);

    const s = SHEET.on(db);
    const oldSheet = await s.stage({ owner_id: 1 }, { now: at(-8 * 24 * 60) });
    await s.ready(oldSheet, { now: at(-8 * 24 * 60), rows: [{ row_no: 2, kind: 'up', error: null }], total: 1, errorRows: 0 });
    const newSheet = await s.stage({ owner_id: 1 }, { now: T0 });
    await s.ready(newSheet, { now: T0, rows: [{ row_no: 2, kind: 'up', error: null }], total: 1, errorRows: 0 });
    expect(await s.removeOld(T0)).toBe(1);
    expect((await db.selectFrom('sheet_row').select('sheet_id').execute()).map((r) => r.sheet_id)).toEqual([newSheet]);
  });
});

describe('checking, then staged rows and their preview', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({
    row_no: 9 - i,
    kind: i % 3 === 0 ? 'error' : 'up',
    error: i % 3 === 0 ? `第 ${9 - i} 行有误` : null,
  }));

  it('opens in checking with its short deadline, is staged by ready with the rows, or discarded', async () => {
    const s = SHEET.on(db);
    const id = await s.stage({ owner_id: 1 }, { now: T0 });
    expect(await db.selectFrom('sheet').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      status: 'checking',
      expires_at: at(10).toISOString(),
    });
    expect(await db.transaction().execute((trx) => SHEET.on(trx).ready(id, { now: at(2), rows, total: 7, errorRows: 3, set: { note: 'n' } }))).toBe(true);
    expect(await db.selectFrom('sheet').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      status: 'checked',
      total_rows: 7,
      error_rows: 3,
      note: 'n',
      expires_at: at(62).toISOString(),
    });
    // staged: no longer discarded, nor made ready again
    expect(await s.discard(id)).toBe(false);
    expect(await s.ready(id, { now: at(3), total: 0, errorRows: 0 })).toBe(false);

    const failed = await s.stage({ owner_id: 2 }, { now: T0 });
    expect(await s.discard(failed)).toBe(true);
    expect(await db.selectFrom('sheet').select('id').where('id', '=', failed).executeTakeFirst()).toBeUndefined();
  });

  it('pages the rows in row order with the total, narrowed and joined by the caller', async () => {
    const s = SHEET.on(db);
    const id = await s.stage({ owner_id: 1 }, { now: T0 });
    await s.ready(id, { now: T0, rows, total: 7, errorRows: 3 });
    const other = await s.stage({ owner_id: 2 }, { now: T0 });
    await s.ready(other, { now: T0, rows: rows.slice(0, 2), total: 2, errorRows: 1 });

    const p1 = await s.previewPage<{ row_no: number }>(id, { current: 1, size: 3 });
    expect(p1.total).toBe(7);
    expect(p1.rows.map((r) => r.row_no)).toEqual([3, 4, 5]);
    const p3 = await s.previewPage<{ row_no: number }>(id, { current: 3, size: 3 });
    expect(p3.rows.map((r) => r.row_no)).toEqual([9]);
    expect((await s.previewPage(id, { current: 4, size: 3 })).rows).toEqual([]);

    const errors = await s.previewPage<{ row_no: number; error: string; owner_id: number }>(id, { current: 1, size: 2 }, (q) =>
      q
        .where('sheet_row.kind', '=', 'error')
        .innerJoin('sheet', 'sheet.id', 'sheet_row.sheet_id')
        .select(['sheet_row.row_no', 'sheet_row.error', 'sheet.owner_id']),
    );
    expect(errors).toEqual({
      rows: [
        { row_no: 3, error: '第 3 行有误', owner_id: 1 },
        { row_no: 6, error: '第 6 行有误', owner_id: 1 },
      ],
      total: 3,
    });
    expect((await s.allRows<{ row_no: number }>(id)).map((r) => r.row_no)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('pages rows kept as JSON: the first PREVIEW_ROWS by default', () => {
    const many = Array.from({ length: PREVIEW_ROWS + 5 }, (_, i) => i);
    expect(BATCH.previewOf(many)).toEqual({ rows: many.slice(0, PREVIEW_ROWS), total: PREVIEW_ROWS + 5 });
    expect(BATCH.previewOf(many, { current: 2, size: PREVIEW_ROWS }).rows).toEqual([200, 201, 202, 203, 204]);
  });

  it('a kind’s own move is conditional on where it stands', async () => {
    const s = SHEET.on(db);
    const id = await s.stage({ owner_id: 1 }, { now: T0 });
    expect(await s.move(id, 'checked', 'cancelled')).toBe(false);
    await s.ready(id, { now: T0, total: 0, errorRows: 0 });
    expect(await s.move(id, 'checked', 'cancelled', { note: 'x' })).toBe(true);
    expect(await s.confirmOnce(id, at(1))).toBe(false);
  });
});

describe('checkSheet', () => {
  const COLUMNS = [
    { key: 'name', header: '名称', required: true },
    { key: 'qty', header: '数量', parse: (t: string) => (/^\d+$/.test(t) ? Number(t) : { error: '数量须为整数' }) },
  ] as const;
  const book = async (rows: (string | number | null)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('表');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  it('collects the reader’s and the check’s errors in row order, with the rows they fall on and the total', async () => {
    const data = await book([
      ['名称', '数量'],
      ['甲', 1],
      ['乙', 'x'],
      ['丙', 2],
      ['丁', 3],
    ]);
    const r = await checkSheet(data, COLUMNS, {}, (read, err) => {
      for (const { row, values } of read.rows) if (values.name === '丁' || values.name === '甲') err(row, '名称', `“${values.name}”已存在`);
      err(5, '数量', '超过库存');
      return read.rows.map((x) => x.values.name);
    });
    expect(r.checked).toEqual(['甲', '丙', '丁']);
    expect(r.errors).toEqual([
      { row: 2, column: '名称', message: '“甲”已存在' },
      { row: 3, column: '数量', message: '数量须为整数' },
      { row: 5, column: '名称', message: '“丁”已存在' },
      { row: 5, column: '数量', message: '超过库存' },
    ]);
    expect(r.errorRows).toBe(3);
    expect(r.total).toBe(4);
  });

  it('a file that is no workbook answers 400 with the reader’s message', async () => {
    const e = await checkSheet(Buffer.from('not a workbook'), COLUMNS, {}, () => null).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).message).toMatch(/xlsx|Excel/);
  });
});
