import type { CheckRuleVO, DoneOrderVO, OwedVO, PaymentVO, SettledVO, StatementDetailVO, StatementVO } from '@kc/contracts/finance/settlement';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type Side = 'mall' | 'supplier';
export type StatementDetail = z.infer<typeof StatementDetailVO>;
export type Owed = z.infer<typeof OwedVO>;
export type Settled = z.infer<typeof SettledVO>;
export type Payment = z.infer<typeof PaymentVO>;
export type DoneOrder = z.infer<typeof DoneOrderVO>;
export type { CheckRuleVO, StatementVO };

const withStatus = (q: ListRequest) => {
  const { tab, ...rest } = q;
  return { ...rest, status: tab && tab !== 'all' ? tab : undefined };
};

/** 对账单列表 GET /{mall|supplier}/v1/statement/page */
export const getStatements =
  (side: Side) =>
  (q: ListRequest): Promise<Page<StatementVO>> =>
    api.get(`/${side}/v1/statement/page`, withStatus(q));

/** 对账单详情（明细分页） GET /{side}/v1/statement/detail/{id} */
export function getStatement(side: Side, id: number, q: { current: number; size: number; disputed?: '1' }): Promise<StatementDetail> {
  return api.get(`/${side}/v1/statement/detail/${id}`, q);
}

export const statementPdf = (side: Side, id: number): Promise<DownloadedFile> => fetchFile(`/${side}/v1/statement/pdf/${id}`, undefined, `对账单-${id}.pdf`);
export const statementExcel = (side: Side, id: number): Promise<DownloadedFile> =>
  fetchFile(`/${side}/v1/statement/excel/${id}`, undefined, `对账单-${id}.xlsx`);

/** finance: 生成、发送、重新发送、审核、关闭、作废、更正/移除异议行 */
export const finance = {
  generate: (b: {
    supplierId: number;
    month: string;
    instituteId?: number;
  }): Promise<{ id: number; statementNo: string; lineCount: number; grossAmount: number }> => api.post('/mall/v1/statement/generate', b),
  move: (what: 'send' | 'resend' | 'approve' | 'close' | 'cancel', id: number): Promise<{ status: string; statusText: string }> =>
    api.post(`/mall/v1/statement/${what}`, { id }),
  correct: (id: number, lineId: number, amount: number, note: string) => api.post('/mall/v1/statement/correctLine', { id, lineId, amount, note }),
  remove: (id: number, lineId: number, note: string) => api.post('/mall/v1/statement/removeLine', { id, lineId, note }),
  pay: (b: { bankRef: string; paidOn: string; remark?: string; allocations: { statementId: number; amount: number }[] }): Promise<{ paymentNo: string }> =>
    api.post('/mall/v1/check/adminCheckMoney', b),
};

/** supplier: 确认、提出异议 */
export const supplierMoves = {
  confirm: (id: number) => api.post('/supplier/v1/statement/confirm', { id }),
  dispute: (id: number, lines: { lineId: number; reason: string }[]) => api.post('/supplier/v1/statement/dispute', { id, lines }),
};

/** 应付供应商 GET /mall/v1/check/adminCheckSupplierMoney */
export const getOwed = (q: { instituteId?: number; supplierId?: number } = {}): Promise<Owed[]> => api.get('/mall/v1/check/adminCheckSupplierMoney', q);
/** 已结算汇总 GET /mall/v1/check/adminHasCheckMoney */
export const getSettled = (q: ListRequest): Promise<Page<Settled>> => api.get('/mall/v1/check/adminHasCheckMoney', q);
/** 已结算明细 GET /mall/v1/check/adminHasCheckMoneyData */
export const getSettledData = (q: ListRequest): Promise<Page<Payment>> => api.get('/mall/v1/check/adminHasCheckMoneyData', q);
/** 待对账订单 GET /mall/v1/check/allHasDoneOrder */
export const getDoneOrders = (q: ListRequest): Promise<Page<DoneOrder>> => api.get('/mall/v1/check/allHasDoneOrder', q);

/** 结算规则 */
export const rules = {
  list: (): Promise<CheckRuleVO[]> => api.get('/mall/v1/checkRule/list'),
  save: (b: Omit<CheckRuleVO, 'instituteName' | 'saved' | 'updatedAt'>): Promise<CheckRuleVO> => api.post('/mall/v1/checkRule/save', b),
};

/** 供应商选项（已审核通过） */
export const getSupplierOptions = (): Promise<{ id: number; companyName: string }[]> => api.get('/supplier/v1/suser/allActivatedSupplier');
