import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addSheet, createWorkbook, workbookBuffer, writeWorkbook } from './excel-writer.ts';

interface Row {
  name: string;
  qty: number;
  fen: number;
  at: string;
  note: string | null;
}

describe('writeWorkbook', () => {
  it('writes a header row and the rows, guarding every text cell', async () => {
    const rows: Row[] = [
      { name: '=1+1', qty: 3, fen: 123456, at: '2026-11-22T16:30:00.000Z', note: '@SUM(A1)' },
      { name: '乙腈', qty: 1, fen: 29, at: '2026-11-23T01:00:00.000Z', note: null },
    ];
    const buf = await writeWorkbook<Row>({
      name: '导出/11月',
      columns: [
        { header: '商品', value: (r) => r.name, width: 20 },
        { header: '数量', value: (r) => r.qty, kind: 'int' },
        { header: '金额(元)', value: (r) => r.fen, kind: 'money' },
        { header: '时间', value: (r) => r.at, kind: 'datetime' },
        { header: '+备注', value: (r) => r.note },
      ],
      rows,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    // Excel forbids / in sheet names
    expect(ws.name).toBe('导出_11月');
    expect(ws.getRow(1).values).toEqual([undefined, '商品', '数量', '金额(元)', '时间', "'+备注"]);
    expect(ws.getRow(2).values).toEqual([undefined, "'=1+1", 3, 1234.56, '2026-11-23 00:30:00', "'@SUM(A1)"]);
    expect(ws.getRow(3).values).toEqual([undefined, '乙腈', 1, 0.29, '2026-11-23 09:00:00']);
    expect(ws.getCell('C2').numFmt).toBe('#,##0.00');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('builds several sheets in one workbook', async () => {
    const wb = createWorkbook();
    addSheet(wb, { name: '一', columns: [{ header: 'A', value: (r: number) => r }], rows: [1, 2] });
    addSheet(wb, { name: '二', columns: [{ header: 'B', value: (r: string) => r }], rows: ['x'] });
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbookBuffer(wb)) as unknown as ExcelJS.Buffer);
    expect(back.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['一', 3],
      ['二', 2],
    ]);
  });
});
