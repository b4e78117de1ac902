import {
  PRICE_IMPORT_CONFIRM_MINUTES,
  PRICE_IMPORT_MAX_ROWS,
  PRICE_REVIEW_THRESHOLD,
  type PriceImportStatus,
  type PriceImportVO,
  type PriceRowChange,
  type PriceRowQuery,
} from '@kc/contracts/supply/catalog-price-imports';
import { ITEM_PRE_STATUS } from '@kc/contracts/supply/catalog-supplier-items';
import type { Insertable, Selectable } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { PriceImportRowTable, PriceImportTable } from '../../../platform/db/schema.ts';
import { readSheet, shanghaiCompactDate } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import { type PricePayload, pricePayload } from './item-changes.ts';
import { newItemChecks, proposeNewItems } from './price-import-new-items.ts';
import { PRICE_IMPORT, priceImportMove, rollbackAllowed } from './price-import-states.ts';
import type { PriceImportsRepository } from './price-imports.repository.ts';
import {
  errorSheet,
  hasNewItemCells,
  leadCell,
  normText,
  PRICE_SHEET_COLUMNS,
  type PriceSheetRow,
  parseSheetRow,
  priceSheet,
  type SheetRowText,
  type SheetRowValues,
  TEMPLATE_EXAMPLES,
  yuanCell,
} from './price-sheet.ts';

type ImportRow = Selectable<PriceImportTable>;
type StoredRow = Awaited<ReturnType<PriceImportsRepository['allRows']>>[number];
type CheckedRow = Omit<Insertable<PriceImportRowTable>, 'import_id'>;

const BUSY = '已有一份价格表正在导入或等待确认，请先确认或放弃它';

const rowKey = (brand: string, catalogNo: string, spec: string) => `${normText(brand)}|${catalogNo}|${normText(spec)}`;
const NO_MATCH = '未找到该品牌、货号与规格的商品；如要新增商品，请填写商品名称、单位与分类（CAS号选填），确认导入后提交平台审核';

/** The share a price moves, as a fraction of the old price. */
const moveOf = (oldPrice: number, newPrice: number) => Math.abs(newPrice - oldPrice) / oldPrice;

/**
 * Excel price imports (价格导入). Upload: every row is read as text, checked and matched to one of
 * the supplier's live items by brand, 货号 and 规格; a row matching none that carries 商品名称,
 * 单位 and 分类 is a new item (新增), confirmed into an item proposal (item_pre) for the platform's
 * review in the same transaction as the price changes; the rows are kept (the preview, the error copy
 * and the rollback read them) and the import waits up to an hour for confirmation. Confirm: in one
 * transaction every item's price, stock and 货期 change, or none (an item changed since the preview
 * fails the whole confirmation); a price moving more than ±30% waits for the platform instead, as
 * an item_pre price review. One import per supplier is open at a time (unique index). Rollback:
 * the latest applied import is undone as a new record, unless its items changed since.
 */
export class PriceImportsService {
  constructor(
    private readonly repo: PriceImportsRepository,
    private readonly now: () => Date = () => new Date(),
    /** the share a price may move before the platform reviews it (warning_threshold priceReviewPercent) */
    private readonly reviewThreshold: () => Promise<number> = async () => PRICE_REVIEW_THRESHOLD,
  ) {}

  async template() {
    return { xlsx: await priceSheet(TEMPLATE_EXAMPLES), filename: '价格导入模板.xlsx' };
  }

  /** exportPrice: the supplier's current prices in the template, ready to edit and upload. */
  async exportPrices(c: Caller) {
    const [rows, categories] = await Promise.all([this.repo.exportRows(ownSupplier(c)), this.repo.categories()]);
    const sheet: PriceSheetRow[] = rows.map((r) => ({
      catalogNo: r.catalog_no ?? '',
      brand: r.brand_name ?? '',
      spec: r.spec,
      name: r.name,
      cas: r.cas ?? '',
      price: yuanCell(Number(r.price)),
      stock: String(r.stock),
      lead: leadCell(r.lead_days),
      unit: r.unit,
      category: r.category_id === null ? '' : categories.path(r.category_id),
    }));
    return { xlsx: await priceSheet(sheet), filename: `价格表-${shanghaiCompactDate(this.now())}.xlsx`, rows: sheet.length };
  }

  /** uploadPrice: reads and checks the sheet and keeps it for preview; answers the import. */
  async upload(w: Who, file: { name: string; data: Buffer; truncated: boolean }): Promise<PriceImportVO> {
    const supplierId = ownSupplier(w.caller);
    if (file.truncated) fail('BAD_REQUEST', '文件超过 10 MB，请拆分后分批导入');
    const now = this.now();
    await this.repo.expireStale(supplierId, now.toISOString());
    let id: number;
    try {
      id = await this.repo.open({ supplier_id: supplierId, file_name: file.name.slice(0, 200) || '价格表.xlsx', created_by: w.caller.userId }, now);
    } catch (e) {
      // the unique index on active_supplier: another import of this supplier is open
      if (await this.repo.openImport(supplierId)) return fail('STATE_CONFLICT', BUSY);
      throw e;
    }
    try {
      const rows = await this.check(supplierId, file.data);
      const counts = { new: 0, up: 0, down: 0, same: 0, error: 0, flagged: 0 };
      for (const r of rows) {
        counts[r.change as PriceRowChange]++;
        counts.flagged += r.flagged ?? 0;
      }
      await this.repo.inTransaction(async (r) => {
        await r.staged.ready(id, {
          now: this.now(),
          rows,
          total: rows.length,
          errorRows: counts.error,
          set: { up_rows: counts.up, down_rows: counts.down, same_rows: counts.same, new_rows: counts.new, flagged_rows: counts.flagged },
        });
        await r.audit({
          userId: w.caller.userId,
          action: 'priceImport.upload',
          target: `priceImport:${id}`,
          detail: { file: file.name, rows: rows.length, errors: counts.error, new: counts.new },
          ip: w.ip,
        });
      });
    } catch (e) {
      // a file that cannot be read (readSheet's 400) or a failed check: the slot is freed
      await this.repo.staged.discard(id);
      throw e;
    }
    return this.detail(w.caller, id);
  }

  /** Every row of the sheet, read, checked and compared with the item it names. */
  private async check(supplierId: number, data: Buffer): Promise<CheckedRow[]> {
    const read = await readSheet(data, PRICE_SHEET_COLUMNS, { maxRows: PRICE_IMPORT_MAX_ROWS, maxErrors: PRICE_IMPORT_MAX_ROWS });
    const texts = read.rows.map(({ row, values }) => ({
      row,
      t: {
        catalogNo: values.catalogNo ?? '',
        brand: values.brand ?? '',
        spec: values.spec ?? '',
        price: values.price ?? '',
        stock: values.stock ?? '',
        lead: values.lead ?? '',
        name: values.name ?? '',
        cas: values.cas ?? '',
        unit: values.unit ?? '',
        category: values.category ?? '',
      } satisfies SheetRowText,
    }));
    const items = await this.repo.itemsByCatalogNo(supplierId, [...new Set(texts.map((x) => x.t.catalogNo).filter(Boolean))]);
    const byKey = new Map<string, typeof items>();
    for (const it of items) {
      for (const brand of new Set([it.brand_name, it.brand_name_en].filter((b): b is string => !!b))) {
        const k = rowKey(brand, it.catalog_no ?? '', it.spec);
        byKey.set(k, [...(byKey.get(k) ?? []), it]);
      }
    }

    const newItems = await newItemChecks(this.repo, supplierId, items);
    const threshold = await this.reviewThreshold();
    const out: CheckedRow[] = [];
    // every row with every column: a multi-row INSERT on SQLite fills an absent value with NULL, not the default
    const empty = {
      item_id: null,
      item_name: null,
      old_price: null,
      new_price: null,
      old_stock: null,
      new_stock: null,
      old_lead: null,
      new_lead: null,
      flagged: 0,
      name_text: null,
      cas_text: null,
      unit_text: null,
      category_text: null,
      proposal: null,
      item_pre_id: null,
    };
    // cells the reader could not take at all (error values such as #N/A): kept as error rows
    const unreadable = new Map<number, string[]>();
    for (const e of read.errors) unreadable.set(e.row, [...(unreadable.get(e.row) ?? []), `${e.column}：${e.message}`]);
    for (const [row, msgs] of unreadable) {
      out.push({
        ...empty,
        row_no: row,
        catalog_no: '',
        brand: '',
        spec: '',
        price_text: '',
        stock_text: '',
        lead_text: '',
        change: 'error',
        error: msgs.join('；'),
      });
    }
    const firstRowOf = new Map<string, number>();
    for (const { row, t } of texts) {
      const base = {
        ...empty,
        row_no: row,
        catalog_no: t.catalogNo,
        brand: t.brand,
        spec: t.spec,
        price_text: t.price,
        stock_text: t.stock,
        lead_text: t.lead,
        name_text: t.name,
        cas_text: t.cas,
        unit_text: t.unit,
        category_text: t.category,
      };
      const errors: string[] = [];
      const parsed = parseSheetRow(t);
      if ('errors' in parsed) errors.push(...parsed.errors);
      const key = rowKey(t.brand, t.catalogNo, t.spec);
      const seen = firstRowOf.get(key);
      if (seen !== undefined) errors.push(`与第 ${seen} 行是同一商品，请只保留一行`);
      else firstRowOf.set(key, row);
      const matches = byKey.get(key) ?? [];
      const item = matches.length === 1 ? matches[0] : null;
      if (matches.length === 0) {
        const proposed = hasNewItemCells(t) ? newItems.check(row, t, 'values' in parsed ? parsed.values : null) : { errors: [NO_MATCH] };
        if ('proposal' in proposed && errors.length === 0) {
          const v = (parsed as { values: SheetRowValues }).values;
          const p = proposed.proposal;
          out.push({
            ...base,
            item_name: p.name,
            new_price: v.price,
            new_stock: p.stock,
            new_lead: v.lead,
            change: 'new',
            proposal: JSON.stringify(p),
            error: null,
          });
          continue;
        }
        if ('errors' in proposed) errors.push(...proposed.errors);
      }
      if (matches.length > 1) errors.push(`该商品有 ${matches.length} 个重复条目，请先在“重复商品”中合并`);
      if (errors.length || 'errors' in parsed || !item) {
        out.push({ ...base, item_id: item?.id ?? null, item_name: item?.name ?? null, change: 'error', error: errors.join('；') });
        continue;
      }
      const v = parsed.values;
      const oldPrice = Number(item.price);
      const change: PriceRowChange = v.price > oldPrice ? 'up' : v.price < oldPrice ? 'down' : 'same';
      out.push({
        ...base,
        item_id: item.id,
        item_name: item.name,
        old_price: oldPrice,
        new_price: v.price,
        old_stock: item.stock,
        new_stock: v.stock ?? item.stock,
        old_lead: item.lead_days,
        new_lead: v.lead ?? item.lead_days,
        change,
        flagged: change !== 'same' && moveOf(oldPrice, v.price) > threshold ? 1 : 0,
        error: null,
      });
    }
    return out.sort((a, b) => a.row_no - b.row_no);
  }

  private async own(c: Caller, id: number) {
    const supplierId = ownSupplier(c);
    await this.repo.expireStale(supplierId, this.now().toISOString());
    return (await this.repo.get(supplierId, id)) ?? fail('NOT_FOUND', '导入记录不存在');
  }

  async detail(c: Caller, id: number): Promise<PriceImportVO> {
    const imp = await this.own(c, id);
    const latest = await this.repo.latestApplied(imp.supplier_id);
    return this.vo(imp, null, latest?.id === imp.id && rollbackAllowed(imp.status));
  }

  private vo(r: ImportRow, who: string | null, canRollback: boolean): PriceImportVO {
    return {
      id: r.id,
      status: r.status as PriceImportStatus,
      fileName: r.file_name,
      totalRows: r.total_rows,
      errorRows: r.error_rows,
      upRows: r.up_rows,
      downRows: r.down_rows,
      sameRows: r.same_rows,
      newRows: r.new_rows,
      flaggedRows: r.flagged_rows,
      rollbackOf: r.rollback_of,
      createdBy: who ?? '',
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      appliedAt: r.applied_at,
      rolledBackAt: r.rolled_back_at,
      canRollback,
    };
  }

  /** importItemRecord/list */
  async page(c: Caller, q: { current: number; size: number }) {
    const supplierId = ownSupplier(c);
    await this.repo.expireStale(supplierId, this.now().toISOString());
    const [[rows, count], latest] = await Promise.all([this.repo.page(supplierId, q.current, q.size), this.repo.latestApplied(supplierId)]);
    return {
      records: rows.map((r) => this.vo(r, r.real_name ?? r.user_name ?? '—', r.id === latest?.id && rollbackAllowed(r.status))),
      total: Number(count.n),
      current: q.current,
      size: q.size,
    };
  }

  /** itemCache/plist: the rows of one of the supplier's imports, as the preview shows them. */
  async rows(c: Caller, q: PriceRowQuery) {
    await this.own(c, q.importId);
    const { rows, total } = await this.repo.rows(q.importId, { ...q, flagged: q.flagged === undefined ? undefined : q.flagged === 'true' });
    return {
      records: rows.map((r) => ({
        id: r.id,
        rowNo: r.row_no,
        itemId: r.item_id,
        catalogNo: r.catalog_no,
        brand: r.brand,
        spec: r.spec,
        itemName: r.item_name,
        oldPrice: r.old_price === null ? null : Number(r.old_price),
        newPrice: r.new_price === null ? null : Number(r.new_price),
        oldStock: r.old_stock,
        newStock: r.new_stock,
        oldLead: r.old_lead,
        newLead: r.new_lead,
        change: r.change as PriceRowChange,
        flagged: r.flagged === 1,
        error: r.error,
        newItem:
          r.change === 'new'
            ? {
                cas: r.cas_text || null,
                unit: r.unit_text ?? '',
                category: r.category_text ?? '',
                proposalId: r.item_pre_id,
                proposalStatus: r.proposal_status ?? null,
              }
            : null,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** The uploaded rows with an error column, to fix and upload again. */
  async errorFile(c: Caller, id: number) {
    const imp = await this.own(c, id);
    const rows = await this.repo.allRows(id);
    const sheet: PriceSheetRow[] = rows.map((r) => ({
      catalogNo: r.catalog_no,
      brand: r.brand,
      spec: r.spec,
      name: r.name_text ?? r.item_name ?? '',
      cas: r.cas_text ?? '',
      price: r.price_text,
      stock: r.stock_text,
      lead: r.lead_text,
      unit: r.unit_text ?? '',
      category: r.category_text ?? '',
      error: r.error ?? '',
    }));
    return { xlsx: await errorSheet(sheet), filename: `错误报告-${imp.file_name.replace(/\.xlsx$/i, '')}.xlsx` };
  }

  async cancel(w: Who, id: number) {
    const imp = await this.own(w.caller, id);
    const to = priceImportMove(imp.status, 'cancel') ?? fail('STATE_CONFLICT', '该导入不在待确认状态');
    await this.repo.inTransaction(async (r) => {
      if (!(await r.staged.move(id, imp.status as PriceImportStatus, to, { active_supplier: null }))) fail('STATE_CONFLICT', '该导入不在待确认状态');
      await r.audit({ userId: w.caller.userId, action: 'priceImport.cancel', target: `priceImport:${id}`, ip: w.ip });
    });
  }

  /** Applies a checked import in one transaction: all rows or none. */
  async confirm(w: Who, id: number) {
    const imp = await this.own(w.caller, id);
    const now = this.now().toISOString();
    if (PRICE_IMPORT.standing(imp, now) === PRICE_IMPORT.words.expired)
      fail('STATE_CONFLICT', `预览已超过 ${PRICE_IMPORT_CONFIRM_MINUTES} 分钟，请重新上传价格表`);
    if (!priceImportMove(imp.status, 'confirm')) fail('STATE_CONFLICT', '该导入不在待确认状态');
    if (imp.error_rows > 0) fail('BAD_REQUEST', `价格表有 ${imp.error_rows} 行错误，请下载错误报告修改后重新上传`);
    return this.repo.inTransaction(async (r) => {
      // validated → applied once, before the deadline; frees the supplier's slot
      if (!(await r.staged.confirmOnce(id, now, { active_supplier: null, applied_by: w.caller.userId }))) fail('STATE_CONFLICT', '该导入不在待确认状态');
      const all = await r.allRows(id);
      const proposals = await proposeNewItems(r, imp.supplier_id, all, w.caller.userId, now);
      const rows = all.filter((x) => x.change !== 'new');
      const history: Parameters<PriceImportsRepository['insertHistory']>[0] = [];
      const reviews: Parameters<PriceImportsRepository['insertPriceReviews']>[0] = [];
      for (const x of rows) {
        const oldPrice = Number(x.old_price);
        const newPrice = Number(x.new_price);
        // a flagged price waits for the platform; stock and 货期 change at once either way
        const price = x.flagged ? oldPrice : newPrice;
        const v = { price, stock: x.new_stock as number, lead: x.new_lead };
        if (!(await r.setValues(x.item_id as number, oldPrice, v, now)))
          fail('STATE_CONFLICT', `货号 ${x.catalog_no} 的价格在预览后已被修改或商品已删除，本次导入未生效，请重新上传`);
        if (x.flagged) {
          reviews.push({
            supplier_id: imp.supplier_id,
            item_id: x.item_id as number,
            payload: JSON.stringify(pricePayload(id, oldPrice, newPrice)),
            submitted_by: w.caller.userId,
            submitted_at: now,
          });
        } else if (price !== oldPrice) {
          history.push({ item_id: x.item_id as number, old_price: oldPrice, new_price: price, source: 'import', changed_by: w.caller.userId, created_at: now });
        }
      }
      await r.insertHistory(history);
      await r.insertPriceReviews(reviews);
      await r.audit({
        userId: w.caller.userId,
        action: 'priceImport.confirm',
        target: `priceImport:${id}`,
        detail: { rows: all.length, changed: history.length, review: reviews.length, proposals },
        ip: w.ip,
      });
      return proposals;
    });
  }

  /**
   * 撤销本次导入: the latest applied import's items go back to their values before it, as a new
   * record; refused when any of them changed since (the rollback would overwrite that change).
   * Its price reviews and new-item proposals still waiting are withdrawn; a new item the platform
   * already approved stays (the supplier unshelves or deletes it like any item), and the answer
   * says how many of each.
   */
  async rollback(w: Who, id: number) {
    const imp = await this.own(w.caller, id);
    const to = priceImportMove(imp.status, 'rollBack') ?? fail('STATE_CONFLICT', '只能撤销已生效的导入');
    const latest = await this.repo.latestApplied(imp.supplier_id);
    if (latest?.id !== id) fail('STATE_CONFLICT', '只能撤销最近一次生效的导入');
    const now = this.now().toISOString();
    return this.repo.inTransaction(async (r) => {
      const all = await r.allRows(id);
      const rows = all.filter((x) => x.change !== 'error' && x.change !== 'new');
      const proposals = await r.proposalStates(all.flatMap((x) => (x.item_pre_id === null ? [] : [x.item_pre_id])));
      const waiting = proposals.filter((p) => p.status === ITEM_PRE_STATUS.PENDING).map((p) => p.id);
      const approved = proposals.filter((p) => p.status === ITEM_PRE_STATUS.APPROVED).length;
      const pending = (await r.pendingPriceReviews(imp.supplier_id)).filter((p) => (JSON.parse(p.payload) as PricePayload).importId === id);
      const pendingItems = new Set(pending.map((p) => p.item_id));
      const current = await r.current(rows.map((x) => x.item_id as number));
      const changed: string[] = [];
      const back: { row: StoredRow; from: { price: number; stock: number; lead: number | null } }[] = [];
      for (const x of rows) {
        const now = current.get(x.item_id as number);
        // what the import left: the new price, unless it went to review and is still waiting
        const leftPrice = x.flagged && pendingItems.has(x.item_id) ? Number(x.old_price) : Number(x.new_price);
        if (!now || now.deleted === 1 || now.price !== leftPrice || now.stock !== x.new_stock || (now.lead_days ?? null) !== (x.new_lead ?? null)) {
          changed.push(x.catalog_no);
          continue;
        }
        back.push({ row: x, from: { price: leftPrice, stock: now.stock, lead: now.lead_days } });
      }
      if (changed.length)
        fail(
          'STATE_CONFLICT',
          `以下货号在导入后又被修改或删除，不能整体撤销：${changed.slice(0, 10).join('、')}${changed.length > 10 ? ` 等 ${changed.length} 个` : ''}`,
        );
      await r.withdrawReviews([...pending.map((p) => p.id), ...waiting], '供应商已撤销本次价格导入', w.caller.userId, now);
      if (!(await r.staged.move(id, imp.status as PriceImportStatus, to, { rolled_back_at: now }))) fail('STATE_CONFLICT', '该导入已被撤销');
      const rid = await r.insertRollbackRecord({ supplierId: imp.supplier_id, fileName: imp.file_name, rollbackOf: id, by: w.caller.userId, now });
      const history: Parameters<PriceImportsRepository['insertHistory']>[0] = [];
      const counts = { up: 0, down: 0, same: 0 };
      const records: CheckedRow[] = [];
      for (const { row: x, from } of back) {
        const to = { price: Number(x.old_price), stock: x.old_stock as number, lead: x.old_lead };
        await r.setValues(x.item_id as number, from.price, to, now);
        if (to.price !== from.price)
          history.push({
            item_id: x.item_id as number,
            old_price: from.price,
            new_price: to.price,
            source: 'rollback',
            changed_by: w.caller.userId,
            created_at: now,
          });
        const change: PriceRowChange = to.price > from.price ? 'up' : to.price < from.price ? 'down' : 'same';
        counts[change]++;
        records.push({
          row_no: x.row_no,
          item_id: x.item_id,
          catalog_no: x.catalog_no,
          brand: x.brand,
          spec: x.spec,
          item_name: x.item_name,
          price_text: yuanCell(to.price),
          stock_text: String(to.stock),
          lead_text: leadCell(to.lead),
          old_price: from.price,
          new_price: to.price,
          old_stock: from.stock,
          new_stock: to.stock,
          old_lead: from.lead,
          new_lead: to.lead,
          change,
          flagged: 0,
          error: null,
        });
      }
      await r.staged.putRows(rid, records);
      await r.insertHistory(history);
      await r.setRowCounts(rid, { total_rows: records.length, up_rows: counts.up, down_rows: counts.down, same_rows: counts.same });
      await r.audit({
        userId: w.caller.userId,
        action: 'priceImport.rollback',
        target: `priceImport:${id}`,
        detail: { record: rid, items: records.length, withdrawn: pending.length, proposalsWithdrawn: waiting.length, proposalsKept: approved },
        ip: w.ip,
      });
      return { id: rid, proposalsWithdrawn: waiting.length, proposalsApproved: approved };
    });
  }
}
