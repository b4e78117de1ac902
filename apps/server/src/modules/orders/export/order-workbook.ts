import { ORDER_EXPORT_COLUMNS } from '@kc/contracts/order-documents';
import ExcelJS from 'exceljs';
import { neutraliseCell } from '../../../platform/documents/excel-safe.ts';
import { shanghaiDateTime } from '../../../platform/documents/shanghai-time.ts';

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

type Kind = 'text' | 'int' | 'money';
const LAYOUT: Record<(typeof ORDER_EXPORT_COLUMNS)[number], { key: keyof ExportRow; width: number; kind: Kind }> = {
  订单号: { key: 'orderNo', width: 24, kind: 'text' },
  子订单号: { key: 'subNo', width: 26, kind: 'text' },
  下单时间: { key: 'createdAt', width: 20, kind: 'text' },
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
 * The order export as an .xlsx: one sheet, a bold frozen header with filters, times in Asia/Shanghai,
 * money as numbers in yuan (so sums work), and every text cell neutralised against formula injection.
 */
export async function orderWorkbook(rows: ExportRow[], sheetName = '订单'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '科研采购平台';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const cols = ORDER_EXPORT_COLUMNS.map((h) => ({ header: h, ...LAYOUT[h] }));
  ws.columns = cols.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.kind === 'money' ? { numFmt: '#,##0.00' } : c.kind === 'int' ? { numFmt: '0' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };
  for (const r of rows) {
    const values: Record<string, string | number> = {};
    for (const c of cols) {
      const v = c.key === 'createdAt' ? shanghaiDateTime(r.createdAt) : r[c.key];
      values[c.key] = c.kind === 'money' ? (v as number) / 100 : typeof v === 'string' ? neutraliseCell(v) : v;
    }
    ws.addRow(values);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
