// Issue 12 §5: an asynchronous export of 100,000 orders shows progress and downloads. The server's
// SQLite database is bulk-seeded before the server starts (bench/support/order-seed.ts, the seeding
// bench:exports uses: multi-row INSERTs, not HTTP) — seeding a running server's file would race its
// start-up seeding and its connection; the data directory is filled first, then the server opens it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_EXPORT_COLUMNS } from '@kc/contracts/buying/orders-documents';
import ExcelJS from 'exceljs';
import type { Locator, Page, Response } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { buildOrders } from '../../bench/support/order-seed.ts';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const ORDERS = 100_000;
const ADMIN = { user: 'admin', password: ADMIN_PASSWORD };
const ORDERS_PATH = '/mall/v1/order-supplier/admin/all';

/** What the seed made (lines are the export's rows). */
let seeded = { orders: 0, subs: 0, lines: 0 };

const suite = useBrowserSuite({
  name: 'order-export',
  // the seed's catalog (600 items) and no demo orders: the server's start-up seeding finds its own data
  env: { CATALOG_ITEMS: '600', DEMO_ORDERS: 'false' },
  prepare: async (dataDir) => {
    const database = openDatabase({ databaseUrl: null, dataDir });
    try {
      seeded = (await buildOrders(database, ORDERS, () => undefined)).counts;
    } finally {
      await database.close();
    }
  },
  // seeding took ~13 s here (two cores, load average 9); the export itself ~60 s
  startTimeoutMs: 240_000,
});
let page: Page;
beforeEach(() => {
  page = suite.page;
});

const isOrderList = (r: Response, current: number) =>
  r.request().method() === 'GET' && new URL(r.url()).pathname === ORDERS_PATH && new URL(r.url()).searchParams.get('current') === String(current);

/** The percent a record's progress bar shows: its text while running (37%), aria-valuenow once done (a tick replaces the text). */
async function shownProgress(row: Locator): Promise<{ text: string; value: number }> {
  const bar = row.getByTestId('export-progress');
  // no wait for the text: a finished bar has none
  const text = (await bar.locator('.ant-progress-indicator').allTextContents()).join('').trim();
  const value = Number(await bar.getAttribute('aria-valuenow'));
  return { text, value };
}

/** Rows of the first sheet, read with exceljs's streaming reader (the file holds hundreds of thousands). */
async function readSheet(file: string): Promise<{ header: string[]; rows: number; orderNos: Set<string> }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let header: string[] = [];
  let rows = 0;
  const orderNos = new Set<string>();
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
      if (row.number === 1) header = values;
      else {
        rows++;
        orderNos.add(values[0]);
      }
    }
    break;
  }
  return { header, rows, orderNos };
}

describe('后台导出：10 万订单', () => {
  it('the platform admin exports 全部订单 in the background, watches its progress in 导出记录 and downloads every line', { timeout: 280_000 }, async () => {
    expect(seeded.orders).toBe(ORDERS);
    const base = suite.server.baseUrl;
    await submitLogin(page, ADMIN.user, ADMIN.password);
    await page.waitForURL('**/cass/**');

    // 全部订单 lists the seeded orders
    const firstPage = page.waitForResponse((r) => isOrderList(r, 1), { timeout: 60_000 });
    await page.goto('/cass/system/orders');
    expect((await firstPage).status()).toBe(200);
    await page.getByText(`共 ${ORDERS} 条`).waitFor({ timeout: 30_000 });

    // 后台导出 from the menu beside 导出: click until the request goes out (a click during the
    // dropdown's opening animation can be lost on a loaded machine)
    const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/mall/v1/export/addRecord', { timeout: 60_000 });
    let sent = false;
    void added.then(
      () => {
        sent = true;
      },
      () => undefined,
    );
    for (let attempt = 0; !sent; attempt++) {
      if (attempt >= 10) throw new Error('后台导出 was never sent');
      const menu = page.locator('.ant-dropdown:visible');
      if (!(await menu.count())) await page.getByTestId('export-orders-more').click();
      await menu
        .getByText(/^后台导出/)
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await Promise.race([added, page.waitForTimeout(1_000)]);
    }
    const addedBody = (await (await added).json()) as { code: number; data: { id: number; status: string } };
    expect(addedBody.code).toBe(200);
    const recordId = addedBody.data.id;
    await waitForMessage(page, /已转为后台导出/);

    // the page stays usable while the export runs: page 2 of the list is answered and shown
    const api = await ApiSession.login(base, ADMIN.user, ADMIN.password);
    const secondPage = page.waitForResponse((r) => isOrderList(r, 2), { timeout: 30_000 });
    const askedAt = Date.now();
    await page.locator('.ant-pagination-item-2').click();
    const answer = await secondPage;
    const listMs = Date.now() - askedAt;
    expect(answer.status()).toBe(200);
    const secondRecords = ((await answer.json()) as { data: { records: { orderNo: string }[] } }).data.records;
    expect(secondRecords.length).toBeGreaterThan(0);
    await page.locator(`tr[data-order-no="${secondRecords[0].orderNo}"]`).first().waitFor();
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    // the list was answered while the file was still being made
    const during = await api.get<{ status: string; progress: number }>(`/mall/v1/export/getFileInfo?id=${recordId}`);
    expect(['queued', 'running']).toContain(during.status);
    console.log(`order-export: page 2 of 全部订单 answered in ${listMs} ms during the export (record ${during.status}, ${during.progress}%)`);

    // 导出记录: the record's progress moves (the page polls every 2 s) until 已完成
    await page.goto('/cass/system/exports');
    const row = page.locator(`tr[data-row-key="${recordId}"]`);
    await row.waitFor({ timeout: 30_000 });
    const seen = new Set<number>();
    const statuses = new Set<string>();
    const started = Date.now();
    for (;;) {
      const status = (await row.getByTestId('export-status').first().textContent()) ?? '';
      statuses.add(status.trim());
      const { text, value } = await shownProgress(row);
      if (/^\d+%$/.test(text)) seen.add(Number.parseInt(text, 10));
      if (status.includes('已完成')) {
        expect(value).toBe(100);
        break;
      }
      if (status.includes('失败')) throw new Error(`the export failed: ${await row.textContent()}`);
      if (Date.now() - started > 170_000) throw new Error(`the export did not finish in 170 s (seen ${[...seen].join(', ')}%)`);
      await page.waitForTimeout(250);
    }
    const intermediate = [...seen].filter((p) => p >= 1 && p <= 99).sort((a, b) => a - b);
    console.log(
      `order-export: ${((Date.now() - started) / 1000).toFixed(1)} s on 导出记录; statuses ${[...statuses].join(' → ')}; progress shown ${intermediate.join(', ')}%`,
    );
    expect(statuses.has('生成中')).toBe(true);
    expect(intermediate.length).toBeGreaterThan(0);
    // the row count column: one row per order line
    await row.getByRole('cell', { name: String(seeded.lines), exact: true }).waitFor();

    // 下载: the browser receives the .xlsx
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-order-export-'));
    try {
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await row.getByTestId('export-download').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^订单导出-\d{8}\.xlsx$/);
      const saved = path.join(dir, 'export.xlsx');
      await file.saveAs(saved);
      const sheet = await readSheet(saved);
      expect(sheet.header).toEqual([...ORDER_EXPORT_COLUMNS]);
      expect(sheet.rows).toBe(seeded.lines);
      expect(sheet.orderNos.size).toBe(ORDERS);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
