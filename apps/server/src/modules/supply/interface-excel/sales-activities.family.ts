import { SALES_ACTIVITY_KINDS, type SalesActivityVO } from '@kc/contracts/supply/interface-excel';
import { dateParse, ID_COLUMN, need, str, text } from './cells.ts';
import { type Family, idsOf, type Op, supplierOf, updated } from './family.ts';
import type { ActivitySet } from './sales-activities.repository.ts';

/** 销售活动: a supplier's promotions, aimed at one institute or (目标研究所 empty) at every institute. */
export const salesActivity: Family<SalesActivityVO> = {
  title: '销售活动',
  readers: ['platform', 'institute', 'supplier'],
  importers: ['supplier'],
  async list(store, s, q, limit, offset) {
    const { rows, total } = await store.activities.page(s, q, limit, offset);
    return {
      records: rows.map((r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        title: r.title,
        kind: r.kind,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        startDate: r.start_date,
        endDate: r.end_date,
        content: r.content,
        updatedAt: r.updated_at,
      })),
      total,
    };
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '活动名称', value: (r) => r.title, width: 26 },
    { header: '活动类型', value: (r) => r.kind, width: 10 },
    { header: '目标研究所', value: (r) => r.instituteName, width: 26 },
    { header: '开始日期', value: (r) => r.startDate, width: 12, textFormat: true },
    { header: '结束日期', value: (r) => r.endDate, width: 12, textFormat: true },
    { header: '活动内容', value: (r) => r.content, width: 40 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'title', header: '活动名称', required: true, parse: text(60, '活动名称') },
    {
      key: 'kind',
      header: '活动类型',
      required: true,
      parse: (t) => ((SALES_ACTIVITY_KINDS as readonly string[]).includes(t) ? t : { error: `活动类型应为 ${SALES_ACTIVITY_KINDS.join('、')} 之一` }),
    },
    { key: 'institute', header: '目标研究所' },
    { key: 'start', header: '开始日期', required: true, parse: dateParse('开始日期') },
    { key: 'end', header: '结束日期', required: true, parse: dateParse('结束日期') },
    { key: 'content', header: '活动内容', parse: text(1000, '活动内容') },
  ],
  async check(store, s, rows, err) {
    const sid = supplierOf(s);
    const institutes = await store.lookups.institutesByName();
    const mine = await store.activities.mine(sid, idsOf(rows));
    const seenId = new Map<number, number>();
    const ops: Op[] = [];
    for (const { row, values: v } of rows) {
      let bad = false;
      let instituteId: number | null = null;
      if (v.institute !== null) {
        const id = institutes.get(String(v.institute).trim());
        if (id === undefined) {
          err(row, '目标研究所', `研究所“${v.institute}”不存在或已停用（面向全部研究所请留空）`);
          bad = true;
        } else instituteId = id;
      }
      if (need(v.end) < need(v.start)) {
        err(row, '结束日期', '结束日期不能早于开始日期');
        bad = true;
      }
      const id = v.id === null ? null : Number(v.id);
      if (id !== null) {
        if (!mine.has(id)) {
          err(row, '编号', `编号 ${id} 不是本供应商的销售活动`);
          bad = true;
        } else if (seenId.has(id)) {
          err(row, '编号', `编号 ${id} 与第 ${seenId.get(id)} 行重复`);
          bad = true;
        }
        seenId.set(id, row);
      }
      if (bad) continue;
      ops.push({
        row,
        action: id !== null ? '修改' : '新增',
        id,
        summary: `${need(v.title)}（${need(v.start)} 至 ${need(v.end)}）`,
        set: { title: need(v.title), kind: need(v.kind), institute_id: instituteId, start_date: need(v.start), end_date: need(v.end), content: str(v.content) },
      });
    }
    return ops;
  },
  async apply(store, s, ops, now) {
    const sid = supplierOf(s);
    for (const op of ops) {
      const set = op.set as unknown as ActivitySet;
      if (op.id !== null) await updated(store.activities.update(sid, op.id, set, now), op.row);
      else await store.activities.insert(sid, set, now);
    }
  },
};
