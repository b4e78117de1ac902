import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './group-commit-sqlite.ts';

interface T {
  note: { id: Generated<number>; text: string };
}

let dir: string;
let file: string;
let db: Kysely<T>;
let raw: SQLite.Database;
let commits: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-gc-'));
  file = path.join(dir, 'gc.db');
  raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  commits = 0;
  db = new Kysely<T>({
    dialect: new GroupCommitSqliteDialect({
      database: raw,
      onCommit: () => {
        commits++;
      },
    }),
  });
  await sql`CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What another connection (another process) sees: only committed rows. */
function committed(): string[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return (other.prepare('SELECT text FROM note ORDER BY id').all() as { text: string }[]).map((r) => r.text);
  } finally {
    other.close();
  }
}

const insert = (text: string) => db.transaction().execute((trx) => trx.insertInto('note').values({ text }).execute());

describe('group commit on SQLite', () => {
  it('transactions finishing in one turn share one COMMIT, and each is durable when its promise settles', async () => {
    commits = 0;
    const texts = Array.from({ length: 10 }, (_, i) => `n${i}`);
    await Promise.all(
      texts.map(async (t) => {
        await insert(t);
        // acknowledged means committed: another connection already sees it
        expect(committed()).toContain(t);
      }),
    );
    expect(commits).toBeLessThan(texts.length);
    expect(committed()).toEqual(texts);
  });

  it('a failing transaction rolls back alone; the others in its group commit', async () => {
    const results = await Promise.allSettled([
      insert('a'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ text: 'b' }).execute();
        await trx.insertInto('note').values({ text: 'a-dup' }).execute();
        throw new Error('业务校验失败');
      }),
      insert('c'),
      insert('a'), // unique violation
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(committed()).toEqual(['a', 'c']);
  });

  it('a write outside any transaction is committed before it returns, with the group it joined', async () => {
    const pending = insert('in-group');
    await db.insertInto('note').values({ text: 'autocommit' }).execute();
    expect(committed()).toEqual(['in-group', 'autocommit']);
    await pending;
  });

  it('a transaction sees what earlier transactions of its group wrote, in order', async () => {
    const [, count] = await Promise.all([
      insert('first'),
      db.transaction().execute(async (trx) => (await trx.selectFrom('note').select('text').execute()).length),
    ]);
    expect(count).toBe(1);
  });

  it('a query made outside a transaction from inside it waits for the transaction, as on one connection', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      outside = db
        .selectFrom('note')
        .select('text')
        .execute()
        .then(() => order.push('outside'));
      await trx.insertInto('note').values({ text: 'x' }).execute();
      order.push('inside');
    });
    await outside;
    expect(order).toEqual(['inside', 'outside']);
  });
});
