import type { InterfaceListQuery } from '@kc/contracts/supply/interface-excel';
import type { ExcelColumn, SheetColumn } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { FamilyRows } from './family-rows.repository.ts';
import type { Scope } from './scope.ts';

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
export type ListQ = Omit<InterfaceListQuery, 'current' | 'size' | 't'>;

/**
 * One /interface/v1 family: who reads and imports it, its sheets, and its rules. Its SQL is asked of
 * `rows` (family-rows.repository.ts), bound to the database or to the confirming transaction.
 */
export interface Family<VO> {
  title: string;
  /** who may list and export */
  readers: Scope['kind'][];
  /** who may import */
  importers: Scope['kind'][];
  list(rows: FamilyRows, s: Scope, q: ListQ, limit: number, offset: number): Promise<{ records: VO[]; total: number }>;
  /** export columns: the import's columns first (编号 first), then read-only ones the import ignores */
  sheet: SheetColumn<VO>[];
  columns: readonly ExcelColumn[];
  /** every bad row reported through err; the good ones become operations */
  check(rows: FamilyRows, s: Scope, parsed: Parsed[], err: RowErr): Promise<Op[]>;
  /** called inside the confirming transaction (`rows` is bound to it) */
  apply(rows: FamilyRows, s: Scope, ops: Op[], now: string): Promise<void>;
}

/** the one department of that name in the institute; none or several: the row is refused */
export function deptOf(depts: Map<string, number[]>, instituteId: number, name: string, row: number, err: RowErr): number | null {
  const found = depts.get(`${instituteId}|${name}`) ?? [];
  if (found.length === 1) return found[0];
  err(row, '部门', found.length ? `部门“${name}”在该研究所中不唯一，请在页面中设置` : `部门“${name}”不在该研究所或已停用`);
  return null;
}

/** an update in scope that changed nothing: the row was deleted or moved since the check */
export async function updated(result: Promise<boolean>, row: number) {
  if (!(await result)) fail('STATE_CONFLICT', `第 ${row} 行：该记录已被删除或修改，本次导入未做任何更改，请重新上传`);
}

export const supplierOf = (s: Scope) => (s.kind === 'supplier' ? s.supplierId : fail('FORBIDDEN', '仅供应商账号可以导入'));

/** the distinct ids of the rows' 编号 column (rows that change an existing record) */
export const idsOf = (rows: Parsed[]) => [...new Set(rows.map((r) => r.values.id).filter((x) => x !== null))].map(Number);
