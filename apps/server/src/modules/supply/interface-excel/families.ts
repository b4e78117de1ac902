import { DeptDiscountBody, rateLabel } from '@kc/contracts/supply/discounts';
import {
  type ContactRelationVO,
  type ContactVO,
  type InterfaceDiscountVO,
  type InterfaceFamily,
  type InterfaceListQuery,
  SALES_ACTIVITY_KINDS,
  type SalesActivityVO,
} from '@kc/contracts/supply/interface-excel';
import type { Kysely, Transaction } from 'kysely';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type ExcelColumn, parseYuanToFen, type SheetColumn } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import { instituteFilter, type Scope } from './scope.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Values = Record<string, unknown>;
export type Parsed = { row: number; values: Values };
export type RowErr = (row: number, column: string, message: string) => void;
/** one row's change, decided by the check: stored with the import and re-decided on confirmation */
export interface Op {
  row: number;
  action: '新增' | '修改';
  id: number | null;
  summary: string;
  set: Values;
}
type ListQ = Omit<InterfaceListQuery, 'current' | 'size' | 't'>;

export interface Family<VO> {
  title: string;
  /** who may list and export */
  readers: Scope['kind'][];
  /** who may import */
  importers: Scope['kind'][];
  list(db: Db, s: Scope, q: ListQ, limit: number, offset: number): Promise<{ records: VO[]; total: number }>;
  /** export columns: the import's columns first (编号 first), then read-only ones the import ignores */
  sheet: SheetColumn<VO>[];
  columns: readonly ExcelColumn[];
  /** every bad row reported through err; the good ones become operations */
  check(db: Db, s: Scope, rows: Parsed[], err: RowErr): Promise<Op[]>;
  apply(trx: Transaction<DB>, s: Scope, ops: Op[], now: string): Promise<void>;
}

// ---- cell parsers ----------------------------------------------------------------------------
const text =
  (max: number, label: string) =>
  (t: string): string | { error: string } =>
    t.length > max ? { error: `${label}最多 ${max} 字` } : t;
const ID_COLUMN = {
  key: 'id',
  header: '编号',
  parse: (t: string) => (/^\d{1,12}$/.test(t) ? Number(t) : { error: '编号须为数字（新增时留空）' }),
} as const;
const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
const phoneParse = (t: string) => (PHONE.test(t.replace(/\s/g, '')) ? t.replace(/\s/g, '') : { error: `手机号“${t}”格式不正确` });
const dateParse = (label: string) => (t: string) => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (!m) return { error: `${label}格式应为 YYYY-MM-DD` };
  const d = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const at = new Date(`${d}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== d) return { error: `${label}“${t}”不是有效日期` };
  return d;
};
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const need = (v: unknown) => String(v);

/** 9.2 or 9.2折 → 920 per-mille; one to two decimals */
export const parseRate = (t: string) => {
  const m = /^(\d)(?:\.(\d{1,2}))?\s*折?$/.exec(t.trim());
  if (!m) return { error: `折扣“${t}”格式不正确，应填如 9.2（九二折）` };
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
const rateText = (rate: number | null) => (rate === null ? '' : rateLabel(rate).replace('折', ''));

/** active institutes by name */
async function institutesByName(db: Db) {
  const rows = await db.selectFrom('institute').select(['id', 'name']).where('status', '=', 1).execute();
  return new Map(rows.map((r) => [r.name.trim(), r.id]));
}
/** the departments of these institutes, by institute and name (names may repeat: all kept) */
async function deptsByName(db: Db, instituteIds: number[]) {
  const map = new Map<string, number[]>();
  if (!instituteIds.length) return map;
  const rows = await db.selectFrom('dept').select(['id', 'name', 'institute_id']).where('institute_id', 'in', instituteIds).where('status', '=', 1).execute();
  for (const r of rows) {
    const k = `${r.institute_id}|${r.name.trim()}`;
    map.set(k, [...(map.get(k) ?? []), r.id]);
  }
  return map;
}
function deptOf(depts: Map<string, number[]>, instituteId: number, name: string, row: number, err: RowErr): number | null {
  const found = depts.get(`${instituteId}|${name}`) ?? [];
  if (found.length === 1) return found[0];
  err(row, '部门', found.length ? `部门“${name}”在该研究所中不唯一，请在页面中设置` : `部门“${name}”不在该研究所或已停用`);
  return null;
}
const page = async <R, VO>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint }>, map: (r: R) => VO) => {
  const [r, c] = await Promise.all([rows, count]);
  return { records: r.map(map), total: Number(c.n) };
};
/** updates one row in scope; none updated: it was deleted or moved since the check */
async function updated(result: Promise<{ numUpdatedRows: bigint }>, row: number) {
  if (!Number((await result).numUpdatedRows)) fail('STATE_CONFLICT', `第 ${row} 行：该记录已被删除或修改，本次导入未做任何更改，请重新上传`);
}
const supplierOf = (s: Scope) => (s.kind === 'supplier' ? s.supplierId : fail('FORBIDDEN', '仅供应商账号可以导入'));

// ---- 供应商联系人 ------------------------------------------------------------------------------
const contacts: Family<ContactVO> = {
  title: '供应商联系人',
  readers: ['platform', 'supplier'],
  importers: ['supplier'],
  list(db, s, q, limit, offset) {
    let b = db.selectFrom('supplier_contact as c').innerJoin('supplier as s', 's.id', 'c.supplier_id');
    if (s.kind === 'supplier') b = b.where('c.supplier_id', '=', s.supplierId);
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) => eb.or([containsText('c.name', k), containsText('c.phone', k), containsText('s.company_name', k), containsText('c.region', k)]));
    }
    return page(
      b.selectAll('c').select('s.company_name').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        name: r.name,
        phone: r.phone,
        email: r.email,
        position: r.position,
        region: r.region,
        note: r.note,
        updatedAt: r.updated_at,
      }),
    );
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '姓名', value: (r) => r.name, width: 12 },
    { header: '手机号', value: (r) => r.phone, width: 16, textFormat: true },
    { header: '邮箱', value: (r) => r.email, width: 24 },
    { header: '职务', value: (r) => r.position },
    { header: '负责区域', value: (r) => r.region, width: 20 },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'name', header: '姓名', required: true, parse: text(20, '姓名') },
    { key: 'phone', header: '手机号', aliases: ['联系电话', '电话'], required: true, parse: phoneParse },
    { key: 'email', header: '邮箱', parse: (t) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) && t.length <= 60 ? t : { error: `邮箱“${t}”格式不正确` }) },
    { key: 'position', header: '职务', parse: text(20, '职务') },
    { key: 'region', header: '负责区域', parse: text(50, '负责区域') },
    { key: 'note', header: '备注', parse: text(200, '备注') },
  ],
  async check(db, s, rows, err) {
    const sid = supplierOf(s);
    const existing = await db.selectFrom('supplier_contact').select(['id', 'phone', 'name']).where('supplier_id', '=', sid).execute();
    const byId = new Map(existing.map((e) => [e.id, e]));
    const byPhone = new Map(existing.map((e) => [e.phone, e]));
    const seenPhone = new Map<string, number>();
    const seenId = new Map<number, number>();
    const ops: Op[] = [];
    for (const { row, values: v } of rows) {
      const phone = need(v.phone);
      let bad = false;
      const before = seenPhone.get(phone);
      if (before) {
        err(row, '手机号', `手机号 ${phone} 与第 ${before} 行重复`);
        bad = true;
      } else seenPhone.set(phone, row);
      let target: { id: number } | null = null;
      if (v.id !== null) {
        const id = Number(v.id);
        const t = byId.get(id);
        const other = byPhone.get(phone);
        if (!t) err(row, '编号', `编号 ${id} 不是本供应商的联系人`);
        else if (seenId.has(id)) err(row, '编号', `编号 ${id} 与第 ${seenId.get(id)} 行重复`);
        else if (other && other.id !== id) err(row, '手机号', `手机号 ${phone} 已是联系人“${other.name}”（编号 ${other.id}）的号码`);
        else target = t;
        if (!target) bad = true;
        seenId.set(id, row);
      } else target = byPhone.get(phone) ?? null;
      if (bad) continue;
      ops.push({
        row,
        action: target ? '修改' : '新增',
        id: target?.id ?? null,
        summary: `${need(v.name)}（${phone}）`,
        set: { name: need(v.name), phone, email: str(v.email), position: str(v.position), region: str(v.region), note: str(v.note) },
      });
    }
    return ops;
  },
  async apply(trx, s, ops, now) {
    const sid = supplierOf(s);
    for (const op of ops) {
      if (op.id !== null)
        await updated(
          trx
            .updateTable('supplier_contact')
            .set({ ...(op.set as { name: string; phone: string }), updated_at: now })
            .where('id', '=', op.id)
            .where('supplier_id', '=', sid)
            .executeTakeFirst(),
          op.row,
        );
      else
        await trx
          .insertInto('supplier_contact')
          .values({ ...(op.set as { name: string; phone: string }), supplier_id: sid, created_at: now, updated_at: now })
          .execute();
    }
  },
};

// ---- 联系人与研究所/部门的对应 -------------------------------------------------------------------
const contactsRelation: Family<ContactRelationVO> = {
  title: '联系人对应',
  readers: ['platform', 'institute', 'supplier', 'client'],
  importers: ['platform', 'institute'],
  list(db, s, q, limit, offset) {
    let b = db
      .selectFrom('contact_relation as r')
      .innerJoin('institute as i', 'i.id', 'r.institute_id')
      .innerJoin('supplier_contact as c', 'c.id', 'r.contact_id')
      .innerJoin('supplier as s', 's.id', 'r.supplier_id')
      .leftJoin('dept as d', 'd.id', 'r.dept_id');
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where('r.institute_id', '=', inst);
    if (s.kind === 'supplier') b = b.where('r.supplier_id', '=', s.supplierId);
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) => eb.or([containsText('c.name', k), containsText('c.phone', k), containsText('s.company_name', k), containsText('d.name', k)]));
    }
    return page(
      b
        .selectAll('r')
        .select(['i.name as institute_name', 'd.name as dept_name', 's.company_name', 'c.name as contact_name', 'c.phone'])
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (r) => ({
        id: r.id,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        deptId: r.dept_id ? r.dept_id : null,
        deptName: r.dept_id ? r.dept_name : null,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        contactId: r.contact_id,
        contactName: r.contact_name,
        contactPhone: r.phone,
        note: r.note,
        updatedAt: r.updated_at,
      }),
    );
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '研究所', value: (r) => r.instituteName, width: 26 },
    { header: '部门', value: (r) => r.deptName, width: 20 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '联系人手机号', value: (r) => r.contactPhone, width: 16, textFormat: true },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '联系人姓名', value: (r) => r.contactName, width: 12 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'institute', header: '研究所' },
    { key: 'dept', header: '部门' },
    { key: 'supplier', header: '供应商', required: true },
    { key: 'phone', header: '联系人手机号', aliases: ['手机号'], required: true, parse: phoneParse },
    { key: 'note', header: '备注', parse: text(200, '备注') },
  ],
  async check(db, s, rows, err) {
    const institutes = await institutesByName(db);
    const own = s.kind === 'institute' ? s.instituteId : null;
    const instOf = (row: number, name: unknown): number | null => {
      if (name === null) {
        if (own !== null) return own;
        err(row, '研究所', '“研究所”不能为空');
        return null;
      }
      const id = institutes.get(String(name).trim());
      if (id === undefined) err(row, '研究所', `研究所“${name}”不存在或已停用`);
      else if (own !== null && id !== own) err(row, '研究所', '只能导入本所的对应关系');
      else return id;
      return null;
    };
    const resolved = rows.map((r) => ({ ...r, instituteId: instOf(r.row, r.values.institute) }));
    const instIds = [...new Set(resolved.map((r) => r.instituteId).filter((x): x is number => x !== null))];
    const depts = await deptsByName(db, instIds);
    const suppliers = new Map(
      (await db.selectFrom('supplier').select(['id', 'company_name']).where('status', '=', 1).execute()).map((x) => [x.company_name.trim(), x.id]),
    );
    const phones = [...new Set(rows.map((r) => need(r.values.phone)))];
    const contactRows = phones.length
      ? await db.selectFrom('supplier_contact').select(['id', 'supplier_id', 'phone']).where('phone', 'in', phones).execute()
      : [];
    const contactOf = new Map(contactRows.map((c) => [`${c.supplier_id}|${c.phone}`, c.id]));
    const existing = instIds.length
      ? await db.selectFrom('contact_relation').select(['id', 'institute_id', 'dept_id', 'contact_id']).where('institute_id', 'in', instIds).execute()
      : [];
    const byKey = new Map(existing.map((e) => [`${e.institute_id}|${e.dept_id}|${e.contact_id}`, e.id]));
    const ids = [...new Set(rows.map((r) => r.values.id).filter((x) => x !== null))].map(Number);
    const mine = ids.length
      ? new Map(
          (await db.selectFrom('contact_relation').select(['id', 'institute_id']).where('id', 'in', ids).execute())
            .filter((e) => own === null || e.institute_id === own)
            .map((e) => [e.id, e]),
        )
      : new Map();
    const seen = new Map<string, number>();
    const ops: Op[] = [];
    for (const { row, values: v, instituteId } of resolved) {
      let bad = instituteId === null;
      const deptId = instituteId !== null && v.dept !== null ? deptOf(depts, instituteId, String(v.dept).trim(), row, err) : 0;
      if (deptId === null) bad = true;
      const supplierName = need(v.supplier).trim();
      const supplierId = suppliers.get(supplierName);
      let contactId: number | undefined;
      if (supplierId === undefined) {
        err(row, '供应商', `供应商“${supplierName}”不存在或未启用`);
        bad = true;
      } else {
        contactId = contactOf.get(`${supplierId}|${need(v.phone)}`);
        if (contactId === undefined) {
          err(row, '联系人手机号', `供应商“${supplierName}”没有手机号为 ${need(v.phone)} 的联系人（请先由供应商维护联系人）`);
          bad = true;
        }
      }
      let target: number | null = null;
      if (v.id !== null) {
        if (!mine.has(Number(v.id))) {
          err(row, '编号', `编号 ${v.id} 不是${own !== null ? '本所' : ''}的对应关系`);
          bad = true;
        } else target = Number(v.id);
      }
      if (bad) continue;
      const key = `${instituteId}|${deptId}|${contactId}`;
      if (seen.has(key)) {
        err(row, '联系人手机号', `与第 ${seen.get(key)} 行重复（同一研究所、部门与联系人）`);
        continue;
      }
      seen.set(key, row);
      const same = byKey.get(key);
      if (target !== null && same !== undefined && same !== target) {
        err(row, '联系人手机号', `该研究所、部门与联系人的对应已存在（编号 ${same}）`);
        continue;
      }
      target ??= same ?? null;
      ops.push({
        row,
        action: target !== null ? '修改' : '新增',
        id: target,
        summary: `${v.institute ?? '本所'}${v.dept ? ` / ${v.dept}` : ''} ← ${supplierName} ${need(v.phone)}`,
        set: { institute_id: instituteId, dept_id: deptId, contact_id: contactId, supplier_id: supplierId, note: str(v.note) },
      });
    }
    return ops;
  },
  async apply(trx, s, ops, now) {
    const userId = s.kind === 'platform' || s.kind === 'institute' ? s.userId : fail('FORBIDDEN');
    type Set = { institute_id: number; dept_id: number; contact_id: number; supplier_id: number; note: string | null };
    for (const op of ops) {
      const set = op.set as Set;
      if (op.id !== null) {
        let u = trx
          .updateTable('contact_relation')
          .set({ ...set, updated_at: now })
          .where('id', '=', op.id);
        if (s.kind === 'institute') u = u.where('institute_id', '=', s.instituteId);
        await updated(u.executeTakeFirst(), op.row);
      } else
        await trx
          .insertInto('contact_relation')
          .values({ ...set, created_by: userId, created_at: now, updated_at: now })
          .execute();
    }
  },
};

// ---- 销售活动 -------------------------------------------------------------------------------
const salesActivity: Family<SalesActivityVO> = {
  title: '销售活动',
  readers: ['platform', 'institute', 'supplier'],
  importers: ['supplier'],
  list(db, s, q, limit, offset) {
    let b = db.selectFrom('sales_activity as a').innerJoin('supplier as s', 's.id', 'a.supplier_id').leftJoin('institute as i', 'i.id', 'a.institute_id');
    if (s.kind === 'supplier') b = b.where('a.supplier_id', '=', s.supplierId);
    // an institute sees the activities aimed at it and those aimed at every institute
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where((eb) => eb.or([eb('a.institute_id', '=', inst), eb('a.institute_id', 'is', null)]));
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) => eb.or([containsText('a.title', k), containsText('a.kind', k), containsText('s.company_name', k)]));
    }
    return page(
      b
        .selectAll('a')
        .select(['s.company_name', 'i.name as institute_name'])
        .orderBy('a.start_date', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (r) => ({
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
      }),
    );
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
  async check(db, s, rows, err) {
    const sid = supplierOf(s);
    const institutes = await institutesByName(db);
    const ids = [...new Set(rows.map((r) => r.values.id).filter((x) => x !== null))].map(Number);
    const mine = new Set(
      ids.length ? (await db.selectFrom('sales_activity').select('id').where('id', 'in', ids).where('supplier_id', '=', sid).execute()).map((r) => r.id) : [],
    );
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
  async apply(trx, s, ops, now) {
    const sid = supplierOf(s);
    type Set = { title: string; kind: string; institute_id: number | null; start_date: string; end_date: string; content: string | null };
    for (const op of ops) {
      const set = op.set as Set;
      if (op.id !== null)
        await updated(
          trx
            .updateTable('sales_activity')
            .set({ ...set, updated_at: now })
            .where('id', '=', op.id)
            .where('supplier_id', '=', sid)
            .executeTakeFirst(),
          op.row,
        );
      else
        await trx
          .insertInto('sales_activity')
          .values({ ...set, supplier_id: sid, created_at: now, updated_at: now })
          .execute();
    }
  },
};

// ---- 协议价 -------------------------------------------------------------------------------
const DISCOUNT_FIELD_HEADER: Record<string, string> = {
  rate: '折扣',
  price: '协议价(元)',
  kind: '方式',
  itemId: '货号',
  validFrom: '开始日期',
  validTo: '结束日期',
  note: '备注',
};
const deptDiscount: Family<InterfaceDiscountVO> = {
  title: '协议价',
  readers: ['platform', 'institute', 'supplier', 'client'],
  importers: ['supplier'],
  list(db, s, q, limit, offset) {
    let b = db
      .selectFrom('dept_discount as d')
      .innerJoin('supplier as s', 's.id', 'd.supplier_id')
      .innerJoin('institute as i', 'i.id', 'd.institute_id')
      .leftJoin('dept', 'dept.id', 'd.dept_id')
      .leftJoin('item', 'item.id', 'd.item_id');
    if (s.kind === 'supplier') b = b.where('d.supplier_id', '=', s.supplierId);
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where('d.institute_id', '=', inst);
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) =>
        eb.or([containsText('item.name', k), containsText('item.catalog_no', k), containsText('s.company_name', k), containsText('dept.name', k)]),
      );
    }
    return page(
      b
        .selectAll('d')
        .select(['s.company_name', 'i.name as institute_name', 'dept.name as dept_name', 'item.name as item_name', 'item.catalog_no'])
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        deptId: r.dept_id,
        deptName: r.dept_name,
        itemId: r.item_id,
        itemName: r.item_name,
        catalogNo: r.catalog_no,
        kind: r.rate !== null ? ('rate' as const) : ('price' as const),
        rate: r.rate,
        price: r.price === null ? null : Number(r.price),
        validFrom: r.valid_from,
        validTo: r.valid_to,
        status: r.status,
        note: r.note,
        updatedAt: r.updated_at,
      }),
    );
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '研究所', value: (r) => r.instituteName, width: 26 },
    { header: '部门', value: (r) => r.deptName, width: 20 },
    { header: '货号', value: (r) => r.catalogNo, width: 16, textFormat: true },
    { header: '方式', value: (r) => (r.kind === 'rate' ? '折扣' : '协议价'), width: 8 },
    { header: '折扣', value: (r) => rateText(r.rate), width: 8, textFormat: true },
    { header: '协议价(元)', value: (r) => r.price, kind: 'money', width: 12 },
    { header: '开始日期', value: (r) => r.validFrom, width: 12, textFormat: true },
    { header: '结束日期', value: (r) => r.validTo, width: 12, textFormat: true },
    { header: '状态', value: (r) => (r.status === 1 ? '启用' : '停用'), width: 8 },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '商品名称', value: (r) => r.itemName, width: 24 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'institute', header: '研究所', required: true },
    { key: 'dept', header: '部门' },
    { key: 'catalogNo', header: '货号' },
    { key: 'kind', header: '方式', required: true, parse: (t) => (t === '折扣' ? 'rate' : t === '协议价' ? 'price' : { error: '方式应为“折扣”或“协议价”' }) },
    { key: 'rate', header: '折扣', parse: parseRate },
    { key: 'price', header: '协议价(元)', aliases: ['协议价'], parse: (t) => parseYuanToFen(t) },
    { key: 'from', header: '开始日期', required: true, parse: dateParse('开始日期') },
    { key: 'to', header: '结束日期', required: true, parse: dateParse('结束日期') },
    { key: 'status', header: '状态', parse: (t) => (t === '启用' ? 1 : t === '停用' ? 0 : { error: '状态应为“启用”或“停用”' }) },
    { key: 'note', header: '备注' },
  ],
  async check(db, s, rows, err) {
    const sid = supplierOf(s);
    const institutes = await institutesByName(db);
    const resolved = rows.map((r) => {
      const id = institutes.get(need(r.values.institute).trim());
      if (id === undefined) err(r.row, '研究所', `研究所“${r.values.institute}”不存在或已停用`);
      return { ...r, instituteId: id ?? null };
    });
    const depts = await deptsByName(db, [...new Set(resolved.map((r) => r.instituteId).filter((x): x is number => x !== null))]);
    const nos = [...new Set(rows.map((r) => r.values.catalogNo).filter((x) => x !== null))].map(String);
    const items = new Map<string, { id: number; price: number }[]>();
    if (nos.length)
      for (const it of await db
        .selectFrom('item')
        .select(['id', 'catalog_no', 'price'])
        .where('supplier_id', '=', sid)
        .where('deleted', '=', 0)
        .where('catalog_no', 'in', nos)
        .execute())
        items.set(it.catalog_no ?? '', [...(items.get(it.catalog_no ?? '') ?? []), { id: it.id, price: Number(it.price) }]);
    const ids = [...new Set(rows.map((r) => r.values.id).filter((x) => x !== null))].map(Number);
    const mine = new Set(
      ids.length ? (await db.selectFrom('dept_discount').select('id').where('id', 'in', ids).where('supplier_id', '=', sid).execute()).map((r) => r.id) : [],
    );
    const seenId = new Map<number, number>();
    const ops: Op[] = [];
    for (const { row, values: v, instituteId } of resolved) {
      let bad = instituteId === null;
      let deptId: number | null = null;
      if (instituteId !== null && v.dept !== null) {
        deptId = deptOf(depts, instituteId, String(v.dept).trim(), row, err);
        if (deptId === null) bad = true;
      }
      let item: { id: number; price: number } | undefined;
      if (v.catalogNo !== null) {
        const found = items.get(String(v.catalogNo)) ?? [];
        if (found.length !== 1) {
          err(row, '货号', found.length ? `货号 ${v.catalogNo} 对应多个商品（不同规格），请在协议价页面逐个设置` : `本店没有货号为 ${v.catalogNo} 的商品`);
          bad = true;
        } else item = found[0];
      }
      const id = v.id === null ? null : Number(v.id);
      if (id !== null) {
        if (!mine.has(id)) {
          err(row, '编号', `编号 ${id} 不是本供应商的协议价`);
          bad = true;
        } else if (seenId.has(id)) {
          err(row, '编号', `编号 ${id} 与第 ${seenId.get(id)} 行重复`);
          bad = true;
        }
        seenId.set(id, row);
      }
      // the same rules as the 协议价 form (contracts/dept-discounts)
      const body = DeptDiscountBody.safeParse({
        instituteId: instituteId ?? 1,
        ...(deptId !== null ? { deptId } : {}),
        ...(item ? { itemId: item.id } : v.catalogNo !== null ? { itemId: 1 } : {}),
        kind: v.kind,
        ...(v.rate !== null ? { rate: v.rate } : {}),
        ...(v.price !== null ? { price: v.price } : {}),
        validFrom: v.from,
        validTo: v.to,
        ...(v.note !== null ? { note: String(v.note) } : {}),
      });
      if (!body.success) {
        for (const issue of body.error.issues) err(row, DISCOUNT_FIELD_HEADER[String(issue.path[0])] ?? '方式', issue.message);
        bad = true;
      } else if (item && body.data.price !== undefined && body.data.price >= item.price) {
        err(row, '协议价(元)', '协议价须低于商品的目录价');
        bad = true;
      }
      if (bad || !body.success) continue;
      const b = body.data;
      ops.push({
        row,
        action: id !== null ? '修改' : '新增',
        id,
        summary: `${need(v.institute)}${v.dept ? ` / ${v.dept}` : ''}：${v.catalogNo ?? '全部商品'} ${b.kind === 'rate' ? rateLabel(b.rate ?? 0) : `协议价 ${((b.price ?? 0) / 100).toFixed(2)} 元`}`,
        set: {
          institute_id: instituteId,
          dept_id: deptId,
          item_id: item?.id ?? null,
          rate: b.kind === 'rate' ? (b.rate ?? null) : null,
          price: b.kind === 'price' ? (b.price ?? null) : null,
          valid_from: b.validFrom,
          valid_to: b.validTo,
          status: v.status === null ? 1 : Number(v.status),
          note: b.note ?? null,
        },
      });
    }
    return ops;
  },
  async apply(trx, s, ops, now) {
    const sid = supplierOf(s);
    type Set = {
      institute_id: number;
      dept_id: number | null;
      item_id: number | null;
      rate: number | null;
      price: number | null;
      valid_from: string;
      valid_to: string;
      status: number;
      note: string | null;
    };
    for (const op of ops) {
      const set = op.set as Set;
      if (op.id !== null)
        await updated(
          trx
            .updateTable('dept_discount')
            .set({ ...set, updated_at: now })
            .where('id', '=', op.id)
            .where('supplier_id', '=', sid)
            .executeTakeFirst(),
          op.row,
        );
      else
        await trx
          .insertInto('dept_discount')
          .values({ ...set, supplier_id: sid, created_by: (s as { userId: number }).userId, created_at: now, updated_at: now })
          .execute();
    }
  },
};

export const FAMILIES: { [F in InterfaceFamily]: Family<unknown> } = {
  contacts: contacts as Family<unknown>,
  contactsRelation: contactsRelation as Family<unknown>,
  salesActivity: salesActivity as Family<unknown>,
  deptDiscount: deptDiscount as Family<unknown>,
};
