import { z } from 'zod';

/** Orders in one printPDFList call: beyond this a print run is better split (and the PDF stays small). */
export const PRINT_LIST_MAX = 50;
/** Rows (order lines) in one Excel export; wider exports must narrow their filters. */
export const EXPORT_MAX_ROWS = 10_000;

/** printPDFList?ids=1,2,3 — distinct order ids in the order given. */
export const PrintListQuery = z
  .object({
    ids: z
      .string({ error: '请选择要打印的订单' })
      .regex(/^\d+(,\d+)*$/, 'ids 须为逗号分隔的订单编号')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((ids) => ids.every((id) => id > 0 && Number.isSafeInteger(id)), 'ids 须为正整数')
      .refine((ids) => ids.length <= PRINT_LIST_MAX, `一次最多打印 ${PRINT_LIST_MAX} 个订单`),
    t: z.string().optional(),
  })
  .strict();

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

/** The filters of the matching order list (no paging: an export takes every matching row up to EXPORT_MAX_ROWS). */
export const OrderExportQuery = z
  .object({
    tab: z.enum(['pending', 'handled', 'all']).default('all'),
    status: z
      .string()
      .regex(/^[a-z_]+(,[a-z_]+)*$/, '状态格式不正确')
      .optional(),
    orderNo: z.string().trim().max(40).optional(),
    dateFrom: IsoDay.optional(),
    dateTo: IsoDay.optional(),
    t: z.string().optional(),
  })
  .strict();

/** Column headers of the order export, in order (the web shows the same names in its export dialog). */
export const ORDER_EXPORT_COLUMNS = [
  '订单号',
  '子订单号',
  '下单时间',
  '采购人',
  '课题组',
  '供应商',
  '商品',
  '规格',
  '数量',
  '单价(元)',
  '金额(元)',
  '状态',
  '收货人',
  '备注',
] as const;
