import { z } from 'zod';
import { OrderExportQuery } from '../buying/orders-documents.ts';
import { Id, PageQuery } from '../platform/common.ts';

/**
 * Asynchronous exports (导出记录, /mall/v1/export, /mall/v1/orderExport, /supplier/v1/order/op) and
 * the platform's import of historical orders (orderExport/admin/import).
 */

/** How long an export record and its file are kept. */
export const EXPORT_KEEP_DAYS = 7;
/** Excel's sheet holds 1,048,576 rows: an asynchronous export stops below that and asks for a narrower filter. */
export const ASYNC_EXPORT_MAX_ROWS = 1_000_000;
/**
 * The web's order-list export button runs in the background once the list has more orders than
 * this (the synchronous export answers at most EXPORT_MAX_ROWS lines, and an order has one line or more).
 */
export const ASYNC_EXPORT_THRESHOLD = 2_000;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = { queued: '排队中', running: '生成中', done: '已完成', failed: '失败' };

/** Order list pages that export (the synchronous export's pages). */
export const EXPORT_PAGES = ['buyer', 'team', 'institute', 'finance', 'admin', 'supplier'] as const;
export type ExportPageName = (typeof EXPORT_PAGES)[number];
export const EXPORT_PAGE_TEXT: Record<ExportPageName, string> = {
  buyer: '我的订单',
  team: '课题组审批订单',
  institute: '研究所审批订单',
  finance: '本所订单',
  admin: '全部订单',
  supplier: '供应商订单',
};

export const EXPORT_KINDS = ['orders'] as const;
export const EXPORT_KIND_TEXT: Record<(typeof EXPORT_KINDS)[number], string> = { orders: '订单明细' };

/** The list's filter an export takes: the synchronous export's query, without the cache-buster. */
export const ExportFilter = OrderExportQuery.omit({ t: true });
export type ExportFilter = z.infer<typeof ExportFilter>;

/** POST /mall/v1/export/addRecord — a buyer-side or platform list exported in the background. */
export const AddExportRecordBody = z
  .object({
    kind: z.enum(EXPORT_KINDS).default('orders'),
    page: z.enum(['buyer', 'team', 'institute', 'finance', 'admin'], { error: '导出页面须为 buyer、team、institute、finance 或 admin' }),
    filter: ExportFilter.default({ tab: 'all' }),
  })
  .strict();
export type AddExportRecordBody = z.infer<typeof AddExportRecordBody>;

/** POST /supplier/v1/order/op/export_async_post — the supplier's sub-order list exported in the background. */
export const SupplierExportBody = z.object({ filter: ExportFilter.default({ tab: 'all' }) }).strict();

export const ExportRecordQuery = PageQuery.extend({
  status: z.enum(EXPORT_STATUSES).optional(),
}).strict();
export type ExportRecordQuery = z.infer<typeof ExportRecordQuery>;

export const ExportRecordVO = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindText: z.string(),
  page: z.string(),
  pageText: z.string(),
  status: z.enum(EXPORT_STATUSES),
  statusText: z.string(),
  progress: z.number().int(),
  rowCount: z.number().int(),
  fileName: z.string(),
  error: z.string().nullable(),
  /** who exported (real name, else user name) */
  userName: z.string(),
  filter: ExportFilter,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExportRecordVO = z.infer<typeof ExportRecordVO>;

/** getFileInfo: the record, with a signed link (30 minutes) once the file is ready. */
export const ExportFileInfo = ExportRecordVO.extend({ downloadUrl: z.string().nullable() });
export type ExportFileInfo = z.infer<typeof ExportFileInfo>;

export const GetFileInfoQuery = z.object({ id: Id, t: z.string().optional() }).strict();

// ---- the admin's import of historical orders ----

/** Rows in one import (each row one order line). */
export const ORDER_IMPORT_MAX_ROWS = 5_000;
/** A checked import waits this long for confirmation. */
export const ORDER_IMPORT_TTL_MINUTES = 60;

/** Template headers, in order; 原订单号 groups rows into one order (empty: each row its own order). */
export const ORDER_IMPORT_COLUMNS = [
  '原订单号',
  '研究所',
  '采购人账号',
  '供应商',
  '商品名称',
  'CAS号',
  '品牌',
  '货号',
  '规格',
  '数量',
  '单价(元)',
  '下单日期',
] as const;

export const OrderImportRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const OrderImportPreviewLine = z.object({
  row: z.number().int(),
  group: z.string(),
  institute: z.string(),
  buyer: z.string(),
  supplier: z.string(),
  name: z.string(),
  cas: z.string().nullable(),
  brand: z.string(),
  catalogNo: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  orderDate: z.string(),
});

export const OrderImportVO = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** ready: no bad row, may be confirmed; invalid: has bad rows; applied; expired */
  status: z.enum(['ready', 'invalid', 'applied', 'expired']),
  totalRows: z.number().int(),
  errorRows: z.number().int(),
  orderCount: z.number().int(),
  /** every bad row: row number (as Excel shows it), column, reason */
  errors: z.array(OrderImportRowError),
  /** the rows as they will be imported (the first 200) */
  preview: z.array(OrderImportPreviewLine),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type OrderImportVO = z.infer<typeof OrderImportVO>;

export const OrderImportApplied = z.object({ id: z.number().int(), orders: z.number().int(), lines: z.number().int(), orderNos: z.array(z.string()) });
