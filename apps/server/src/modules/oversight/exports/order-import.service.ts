import { randomUUID } from 'node:crypto';
import { ORDER_IMPORT_MAX_ROWS, ORDER_IMPORT_TTL_MINUTES, type OrderImportVO } from '@kc/contracts/oversight/exports';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { OrderImportTable } from '../../../platform/db/schema.ts';
import { checkSheet, type RowErr } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { HistoricalOrders } from '../../buying/orders/index.ts';
import type { StatisticsService } from '../../ledgers/statistics/index.ts';
import type { IncomingFile } from '../../shared/files/index.ts';
import type { OrderImportRepository } from './order-import.repository.ts';
import { ORDER_IMPORT_SHEET, type ParsedRow, parseRow, type SheetText } from './order-import-sheet.ts';
import { ORDER_IMPORT } from './order-import-states.ts';

/** A checked row: the sheet's values and what they name in the database. */
interface CheckedRow extends ParsedRow {
  row: number;
  instituteId: number;
  buyerId: number;
  deptId: number | null;
  teamId: number | null;
  buyerName: string;
  buyerPhone: string;
  supplierId: number;
  itemId: number;
  unit: string;
  grade: string | null;
  taxRate: string;
  /** the order this row belongs to: its import key (placed_by_id + idempotency_key is unique) */
  key: string;
}

const shanghaiToday = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const norm = (s: string) => s.trim().toLowerCase();

/**
 * The platform's import of historical orders (orderExport/admin/import), the price import's flow:
 * upload → every row checked (each bad row listed with its row number and a Chinese reason) →
 * preview → confirmation within an hour → every order written in one transaction, all or nothing.
 * An import with any bad row cannot be confirmed. Imported orders are completed orders (sub-orders
 * completed, every line delivered) of the buyer, institute, department and team the sheet names;
 * stock and sales are not touched (the goods left long ago). 原订单号 becomes the order's import key:
 * the same 原订单号 for the same buyer cannot be imported twice.
 */
export class OrderImportService {
  constructor(
    private readonly repo: OrderImportRepository,
    /** the imported orders' spend facts, and the rolled-up days they fall on */
    private readonly statistics: Pick<StatisticsService, 'within' | 'rerollDays'>,
    /** writes each completed order (orders own the order tables) */
    private readonly orders: Pick<HistoricalOrders, 'within'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upload(w: Who, file: IncomingFile): Promise<OrderImportVO> {
    if (w.caller.accountType !== 0) return fail('FORBIDDEN');
    const { checked: rows, errors, errorRows, total } = await this.check(file.data);
    const now = this.now();
    const orders = new Set(rows.map((r) => r.key)).size;
    const id = await this.repo.inTransaction(async (r, trx) => {
      // ready, or invalid with any bad row; bad imports keep no rows: they can never be applied
      const id = await r.staged.stage(
        { admin_id: w.caller.userId, file_name: file.name.slice(0, 200), order_count: orders, applied_at: null },
        { now, total, errorRows, rows: errorRows ? [] : rows, errors },
      );
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'orderImport.upload',
        target: `orderImport:${id}`,
        detail: { file: file.name, rows: total, errors: errorRows, orders },
        ip: w.ip,
      });
      return id;
    });
    return this.detail(w.caller, id, rows);
  }

  async detail(c: Caller, id: number, rows?: CheckedRow[]): Promise<OrderImportVO> {
    if (c.accountType !== 0) return fail('FORBIDDEN');
    await this.repo.staged.expire(this.now());
    const imp = await this.repo.find(id);
    if (!imp) return fail('NOT_FOUND', '导入记录不存在');
    return this.vo(imp, rows ?? ORDER_IMPORT.contents<CheckedRow[]>(imp).rows);
  }

  /** Writes every order of a ready import in one transaction; anything wrong and nothing is written. */
  async confirm(w: Who, id: number) {
    if (w.caller.accountType !== 0) return fail('FORBIDDEN');
    const imp = await this.repo.find(id);
    if (!imp) return fail('NOT_FOUND', '导入记录不存在');
    if (imp.status === 'invalid') return fail('BAD_REQUEST', `导入文件有 ${imp.error_rows} 行错误，请修改后重新上传`);
    if (imp.status === 'applied') return fail('STATE_CONFLICT', '该导入已确认，订单已生成');
    const at = this.now().toISOString();
    if (ORDER_IMPORT.standing(imp, at) === 'expired') return fail('STATE_CONFLICT', `导入预览已超过 ${ORDER_IMPORT_TTL_MINUTES} 分钟，请重新上传`);
    const rows = ORDER_IMPORT.contents<CheckedRow[]>(imp).rows;
    const groups = new Map<string, CheckedRow[]>();
    for (const r of rows) groups.set(r.key, [...(groups.get(r.key) ?? []), r]);

    const orderNos = await this.repo.inTransaction(async (r, trx) => {
      // ready → applied once, before the deadline: of two confirmations only one writes orders
      if (!(await r.staged.confirmOnce(id, at))) fail('STATE_CONFLICT', '该导入已确认或已过期，请刷新');
      const spend = this.statistics.within(trx);
      const nos: string[] = [];
      for (const [key, lines] of groups) {
        const head = lines[0];
        // checked again in the transaction: the same 原订单号 may have been imported since the preview;
        // then nothing of this import stays (the orders written before it roll back with it)
        const used = await r.usedKeys([head.buyerId], [key]);
        if (used.length)
          fail('STATE_CONFLICT', `第 ${head.row} 行：原订单号「${head.group}」已导入过（订单 ${used[0].order_no}），本次导入未生成任何订单，请重新上传`);
        // the order date at noon in Shanghai: the day shown is the day in the sheet
        const created = new Date(`${head.orderDate}T12:00:00+08:00`).toISOString();
        const bySupplier = new Map<number, CheckedRow[]>();
        for (const l of lines) bySupplier.set(l.supplierId, [...(bySupplier.get(l.supplierId) ?? []), l]);
        // the orders module writes the completed order (it owns the order tables)
        const { no, subOrderIds } = await this.orders.within(trx).record({
          key,
          buyer: { id: head.buyerId, name: head.buyerName, phone: head.buyerPhone },
          institute: { instituteId: head.instituteId, deptId: head.deptId, teamId: head.teamId },
          orderedAt: created,
          group: head.group || null,
          importedBy: w.caller.userId,
          importedAt: at,
          suppliers: [...bySupplier].map(([supplierId, sl]) => ({
            supplierId,
            lines: sl.map((l) => ({
              item_id: l.itemId,
              name: l.name,
              spec: l.spec,
              brand: l.brand,
              cas: l.cas,
              catalog_no: l.catalogNo,
              grade: l.grade,
              unit: l.unit,
              unit_price: l.unitPrice,
              quantity: l.quantity,
              amount: l.amount,
              tax_rate: l.taxRate,
            })),
          })),
        });
        // historical spend counts in statistics on the order's own date
        for (const subId of subOrderIds) await spend.recordAcceptance(subId, new Date(created));
        nos.push(no);
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'orderImport.apply',
        target: `orderImport:${id}`,
        detail: { orders: nos.length, lines: rows.length },
        ip: w.ip,
      });
      return nos;
    });
    // past days already rolled up take in the imported orders
    await this.statistics.rerollDays([...new Set(rows.map((r) => r.orderDate))]);
    return { id, orders: orderNos.length, lines: rows.length, orderNos };
  }

  /** The nightly sweep: stale previews expire; imports older than 7 days go. */
  async expire() {
    const now = this.now();
    await this.repo.staged.expire(now);
    await this.repo.staged.removeOld(now);
  }

  /** Reads and checks every row; every problem is listed with its row. */
  private check(data: Buffer) {
    return checkSheet(data, ORDER_IMPORT_SHEET, { maxRows: ORDER_IMPORT_MAX_ROWS, maxErrors: ORDER_IMPORT_MAX_ROWS * 4 }, (read, err) =>
      this.checkRows(read.rows, err),
    );
  }

  private async checkRows(sheet: { row: number; values: Record<string, unknown> }[], error: RowErr): Promise<CheckedRow[]> {
    const today = shanghaiToday(this.now());
    const parsed: { row: number; p: ParsedRow }[] = [];
    for (const { row, values } of sheet) {
      const t = Object.fromEntries(ORDER_IMPORT_SHEET.map((c) => [c.key, String(values[c.key] ?? '').trim()])) as SheetText;
      const r = parseRow(t, today);
      if ('errors' in r) for (const e of r.errors) error(row, e.column, e.message);
      else parsed.push({ row, p: r.row });
    }

    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    const [institutes, buyers, suppliers] = await Promise.all([
      this.repo.institutes(uniq(parsed.map((x) => x.p.institute))),
      this.repo.buyers(uniq(parsed.map((x) => x.p.buyer))),
      this.repo.suppliers(uniq(parsed.map((x) => x.p.supplier))),
    ]);
    const items = await this.repo.items(
      suppliers.map((s) => s.id),
      uniq(parsed.map((x) => x.p.catalogNo)),
    );
    const instituteBy = new Map(institutes.map((i) => [i.name, i]));
    const buyerBy = new Map(buyers.map((b) => [b.user_name, b]));
    const supplierBy = new Map(suppliers.map((s) => [s.company_name, s]));

    const rows: CheckedRow[] = [];
    for (const { row, p } of parsed) {
      const err = (column: string, message: string) => error(row, column, message);
      const inst = instituteBy.get(p.institute);
      const buyer = buyerBy.get(p.buyer);
      const sup = supplierBy.get(p.supplier);
      if (!inst) err('研究所', `研究所「${p.institute}」不存在`);
      if (!buyer || buyer.deleted) err('采购人账号', `采购人账号「${p.buyer}」不存在`);
      else if (buyer.account_type !== 1) err('采购人账号', `「${p.buyer}」不是采购单位的账号`);
      const dept =
        inst && buyer
          ? (buyer.depts.find((d) => d.dept_id === buyer.current_dept_id && d.institute_id === inst.id) ?? buyer.depts.find((d) => d.institute_id === inst.id))
          : undefined;
      if (inst && buyer && !buyer.deleted && buyer.account_type === 1 && !dept) err('采购人账号', `采购人「${p.buyer}」不属于研究所「${p.institute}」`);
      if (!sup) err('供应商', `供应商「${p.supplier}」不存在`);
      const matches = sup
        ? items.filter(
            (it) =>
              it.supplier_id === sup.id &&
              it.catalog_no === p.catalogNo &&
              norm(it.spec) === norm(p.spec) &&
              [it.brand_name, it.brand_name_en].some((b) => b && norm(b) === norm(p.brand)),
          )
        : [];
      // a live item before a deleted one with the same 货号
      const item = matches.sort((a, b) => a.deleted - b.deleted || a.id - b.id)[0];
      if (sup && !item) err('货号', `供应商「${p.supplier}」没有品牌「${p.brand}」、货号「${p.catalogNo}」、规格「${p.spec}」的商品`);
      if (!inst || !buyer || !dept || !sup || !item) continue;
      rows.push({
        ...p,
        row,
        instituteId: inst.id,
        buyerId: buyer.id,
        deptId: dept.dept_id,
        teamId: dept.team_id,
        buyerName: buyer.real_name ?? buyer.user_name,
        buyerPhone: buyer.phone_num ?? '',
        supplierId: sup.id,
        itemId: item.id,
        unit: item.unit,
        grade: item.grade,
        taxRate: item.tax_rate,
        key: p.group ? `import:${p.group}` : `import:${randomUUID()}`,
      });
    }

    // the rows of one 原订单号 are one order: one institute, one buyer, one day
    const first = new Map<string, CheckedRow>();
    for (const r of rows) {
      if (!r.group) continue;
      const f = first.get(r.group);
      if (!f) first.set(r.group, r);
      else if (f.instituteId !== r.instituteId || f.buyerId !== r.buyerId || f.orderDate !== r.orderDate)
        error(r.row, '原订单号', `与第 ${f.row} 行同属原订单号「${r.group}」，研究所、采购人账号与下单日期须相同`);
    }
    const used = await this.repo.usedKeys([...new Set(rows.map((r) => r.buyerId))], [...new Set(rows.filter((r) => r.group).map((r) => r.key))]);
    for (const u of used) {
      for (const r of rows.filter((x) => x.key === u.idempotency_key && x.buyerId === u.placed_by_id))
        error(r.row, '原订单号', `原订单号「${r.group}」已导入过（订单 ${u.order_no}）`);
    }
    return rows;
  }

  private vo(imp: Selectable<OrderImportTable>, rows: CheckedRow[]): OrderImportVO {
    return {
      id: imp.id,
      fileName: imp.file_name,
      status: imp.status as OrderImportVO['status'],
      totalRows: imp.total_rows,
      errorRows: imp.error_rows,
      orderCount: imp.order_count,
      errors: ORDER_IMPORT.errorsOf(imp),
      preview: ORDER_IMPORT.previewOf(rows).rows.map((r) => ({
        row: r.row,
        group: r.group,
        institute: r.institute,
        buyer: r.buyer,
        supplier: r.supplier,
        name: r.name,
        cas: r.cas,
        brand: r.brand,
        catalogNo: r.catalogNo,
        spec: r.spec,
        quantity: r.quantity,
        unitPrice: r.unitPrice,
        amount: r.amount,
        orderDate: r.orderDate,
      })),
      createdAt: imp.created_at,
      appliedAt: imp.applied_at,
      expiresAt: imp.expires_at,
    };
  }
}
