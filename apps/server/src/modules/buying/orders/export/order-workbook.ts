import { ORDER_EXPORT_COLUMNS } from '@kc/contracts/buying/orders-documents';
import { type SheetCellKind, type SheetColumn, writeWorkbook } from '../../../../platform/documents/index.ts';

/** One exported row: one order line, with its order and sub-order. Money in fen. */
export interface ExportRow {
  orderNo: string;
  subNo: string;
  createdAt: string;
  buyer: string;
  team: string;
  supplier: string;
  item: string;
  spec: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  status: string;
  receiver: string;
  remark: string;
}

const LAYOUT: Record<(typeof ORDER_EXPORT_COLUMNS)[number], { key: keyof ExportRow; width: number; kind: SheetCellKind }> = {
  订单号: { key: 'orderNo', width: 24, kind: 'text' },
  子订单号: { key: 'subNo', width: 26, kind: 'text' },
  下单时间: { key: 'createdAt', width: 20, kind: 'datetime' },
  采购人: { key: 'buyer', width: 10, kind: 'text' },
  课题组: { key: 'team', width: 16, kind: 'text' },
  供应商: { key: 'supplier', width: 28, kind: 'text' },
  商品: { key: 'item', width: 30, kind: 'text' },
  规格: { key: 'spec', width: 12, kind: 'text' },
  数量: { key: 'quantity', width: 8, kind: 'int' },
  '单价(元)': { key: 'unitPrice', width: 12, kind: 'money' },
  '金额(元)': { key: 'amount', width: 12, kind: 'money' },
  状态: { key: 'status', width: 14, kind: 'text' },
  收货人: { key: 'receiver', width: 12, kind: 'text' },
  备注: { key: 'remark', width: 30, kind: 'text' },
};

/**
 * The order export's columns, shared by the synchronous export (one workbook in memory) and the
 * asynchronous one (streamed): times in Asia/Shanghai, money as numbers in yuan (so sums work),
 * every text cell neutralised against formula injection (platform/documents).
 */
export const ORDER_SHEET: { name: string; columns: SheetColumn<ExportRow>[] } = {
  name: '订单',
  columns: ORDER_EXPORT_COLUMNS.map((h) => ({ header: h, value: (r: ExportRow) => r[LAYOUT[h].key], kind: LAYOUT[h].kind, width: LAYOUT[h].width })),
};

/** The order export as an .xlsx: one sheet, a bold frozen header with filters. */
export function orderWorkbook(rows: ExportRow[]): Promise<Buffer> {
  return writeWorkbook({ ...ORDER_SHEET, rows });
}
