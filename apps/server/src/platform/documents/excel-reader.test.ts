import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExcelColumn, ExcelReadError, readExcel } from './excel-reader.ts';
import { writeWorkbook } from './excel-writer.ts';
import { yuanToFen } from './yuan.ts';

const COLUMNS = [
  { key: 'sku', header: '商品编号', required: true },
  { key: 'name', header: '商品名称', required: true },
  { key: 'price', header: '单价(元)', required: true, parse: yuanToFen() },
  { key: 'stock', header: '库存', parse: (t: string) => (/^\d+$/.test(t) ? Number(t) : { error: '库存须为非负整数' }) },
  { key: 'remark', header: '备注' },
] as const satisfies readonly ExcelColumn[];

async function book(rows: ExcelJS.CellValue[][], o: { sheet?: string; before?: (wb: ExcelJS.Workbook) => void } = {}) {
  const wb = new ExcelJS.Workbook();
  o.before?.(wb);
  const ws = wb.addWorksheet(o.sheet ?? '价格');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ExcelReadError);
  return e as ExcelReadError;
}

describe('readExcel', () => {
  it('matches headers by text in any order and reads typed values', async () => {
    const buf = await book([
      ['备注', '单价（元）', ' 商品名称 ', '*商品编号', '无关列'],
      ['首批', 12.5, '乙腈', 'SKU-1', 'x'],
      [null, '1,234.56', '甲醇', 'SKU-2', null],
    ]);
    const res = await readExcel(buf, COLUMNS);
    expect(res.errors).toEqual([]);
    expect(res.rows).toEqual([
      { row: 2, values: { sku: 'SKU-1', name: '乙腈', price: 1250, stock: null, remark: '首批' } },
      { row: 3, values: { sku: 'SKU-2', name: '甲醇', price: 123456, stock: null, remark: null } },
    ]);
    // typed: price is a number, sku a string
    const first = res.rows[0].values;
    const price: number | null = first.price;
    const sku: string | null = first.sku;
    expect([price, sku]).toEqual([1250, 'SKU-1']);
  });

  it('reads every kind of cell as the text the user sees, never evaluating formulas', async () => {
    const buf = await book([
      ['商品编号', '商品名称', '单价(元)', '备注'],
      [
        { richText: [{ text: 'SKU' }, { text: '-9', font: { bold: true } }] },
        { text: ' 链接名 ', hyperlink: 'https://example.com' },
        { formula: 'B9*2', result: 0.30000000000000004 },
        new Date(Date.UTC(2026, 10, 23)),
      ],
      [13800138000, true, { formula: 'NOW()', result: 7 }, new Date(Date.UTC(2026, 10, 23, 9, 30, 0))],
      ['SKU-4', '无缓存结果', { formula: 'A1' }, { sharedFormula: 'C2', result: 'x' } as unknown as ExcelJS.CellValue],
    ]);
    const res = await readExcel(buf, [...COLUMNS.slice(0, 3), { key: 'remark', header: '备注' }] as const);
    expect(res.rows.map((r) => r.values)).toEqual([
      { sku: 'SKU-9', name: '链接名', price: 30, remark: '2026-11-23' },
      { sku: '13800138000', name: 'TRUE', price: 700, remark: '2026-11-23 09:30:00' },
    ]);
    // a formula without a cached result reads as empty: a required column reports it
    expect(res.errors).toEqual([{ row: 4, column: '单价(元)', message: '“单价(元)”不能为空' }]);
  });

  it('collects row errors with Excel row numbers instead of throwing, and skips blank rows', async () => {
    const buf = await book([
      ['商品编号', '商品名称', '单价(元)', '库存'],
      ['SKU-1', '乙腈', '12.505', '3'],
      [null, null, null, null],
      ['SKU-3', null, '-1', 'many'],
      ['SKU-4', '甲醇', { error: '#N/A' } as ExcelJS.CellValue, '0'],
      ['SKU-5', '丙酮', '1e3', '5'],
      ['SKU-6', '乙醇', '8', '5'],
    ]);
    const res = await readExcel(buf, COLUMNS);
    expect(res.rows).toEqual([{ row: 7, values: { sku: 'SKU-6', name: '乙醇', price: 800, stock: 5, remark: null } }]);
    expect(res.errors).toEqual([
      { row: 2, column: '单价(元)', message: '金额“12.505”最多保留两位小数' },
      { row: 4, column: '商品名称', message: '“商品名称”不能为空' },
      { row: 4, column: '单价(元)', message: '金额“-1”不能为负数' },
      { row: 4, column: '库存', message: '库存须为非负整数' },
      { row: 5, column: '单价(元)', message: '单元格为错误值 #N/A，请修正公式或改为直接填写' },
      { row: 6, column: '单价(元)', message: '金额“1e3”不能使用科学计数法' },
    ]);
    expect(res.errorsTruncated).toBe(false);
    const capped = await readExcel(buf, COLUMNS, { maxErrors: 2 });
    expect(capped.errors).toHaveLength(2);
    expect(capped.errorsTruncated).toBe(true);
  });

  it('reads a named sheet, a stream, and a given header row', async () => {
    const buf = await book([['价格导入模板'], ['商品编号', '商品名称', '单价(元)'], ['SKU-1', '乙腈', 1]], {
      sheet: '第二页',
      before: (wb) => wb.addWorksheet('说明').addRow(['请在第二页填写']),
    });
    const res = await readExcel(Readable.from([buf.subarray(0, 100), buf.subarray(100)]), COLUMNS, { sheet: '第二页', headerRow: 2 });
    expect(res.rows).toEqual([{ row: 3, values: { sku: 'SKU-1', name: '乙腈', price: 100, stock: null, remark: null } }]);
    expect((await refusal(readExcel(buf, COLUMNS, { sheet: '不存在' }))).message).toBe('找不到工作表“不存在”');
    // the first sheet is the instructions: its first row is not a header we know
    expect((await refusal(readExcel(buf, COLUMNS))).reason).toBe('missing-header');
    // without headerRow the header is found below the title row
    expect((await readExcel(buf, COLUMNS, { sheet: '第二页' })).rows).toHaveLength(1);
  });

  it('finds the header below title and instruction rows', async () => {
    const buf = await book([
      ['供应商价格导入模板'],
      ['说明：带 * 的列必填；金额单位为元'],
      [],
      ['*商品编号', '*商品名称', '*单价（元）', '备注'],
      ['SKU-1', '乙腈', '9.9', null],
    ]);
    const res = await readExcel(buf, COLUMNS);
    expect(res.rows).toEqual([{ row: 5, values: { sku: 'SKU-1', name: '乙腈', price: 990, stock: null, remark: null } }]);
  });

  it('refuses a workbook that would unpack to more than the limit', async () => {
    const buf = await book([['商品编号', '商品名称', '单价(元)'], ...Array.from({ length: 200 }, (_, i) => [`S${i}`, '很长的商品名称'.repeat(20), 1])]);
    const e = await refusal(readExcel(buf, COLUMNS, { maxUnpackedBytes: 20_000 }));
    expect([e.reason, e.message]).toEqual(['too-large', '工作簿内容过大（行或列过多），请拆分后分批导入']);
    expect((await readExcel(buf, COLUMNS)).rows).toHaveLength(200);
  });

  it('refuses files that are not xlsx, empty sheets, missing or duplicated headers, and too many rows', async () => {
    const notXlsx = await refusal(readExcel(Buffer.from('商品编号,商品名称\nA,B\n'), COLUMNS));
    expect(notXlsx.reason).toBe('not-xlsx');
    expect(notXlsx.message).toContain('不是有效的 Excel 工作簿');
    // a zip that is not a workbook
    expect((await refusal(readExcel(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), COLUMNS))).reason).toBe('not-xlsx');

    const empty = await refusal(readExcel(await book([]), COLUMNS));
    expect([empty.reason, empty.message]).toEqual(['empty', '工作表是空的，请按模板填写表头和数据']);
    expect((await refusal(readExcel(await book([['商品编号', '商品名称', '单价(元)']]), COLUMNS))).message).toBe('表格中没有数据行');

    const missing = await refusal(
      readExcel(
        await book([
          ['商品编号', '备注'],
          ['A', 'B'],
        ]),
        COLUMNS,
      ),
    );
    expect(missing.message).toBe('缺少必填列：商品名称、单价(元)（请使用导入模板，表头在第 1 行）');
    const dup = await refusal(
      readExcel(
        await book([
          ['商品编号', '商品名称', '单价(元)', '单价（元）'],
          ['A', 'B', 1, 2],
        ]),
        COLUMNS,
      ),
    );
    expect(dup.reason).toBe('duplicate-header');

    const many = await book([['商品编号', '商品名称', '单价(元)'], ...Array.from({ length: 11 }, (_, i) => [`S${i}`, 'n', 1])]);
    const tooMany = await refusal(readExcel(many, COLUMNS, { maxRows: 10 }));
    expect(tooMany.message).toBe('数据行共 11 行，超过单次导入上限 10 行，请拆分后分批导入');
    expect((await readExcel(many, COLUMNS, { maxRows: 11 })).rows).toHaveLength(11);

    const big = Readable.from([Buffer.alloc(600 * 1024), Buffer.alloc(600 * 1024)]);
    expect((await refusal(readExcel(big, COLUMNS, { maxBytes: 1024 * 1024 }))).reason).toBe('too-large');
  });

  it('reads back what the writer wrote (money in yuan, text neutralised)', async () => {
    const buf = await writeWorkbook({
      name: '导出',
      columns: [
        { header: '商品编号', value: (r: { sku: string; name: string; fen: number }) => r.sku },
        { header: '商品名称', value: (r) => r.name },
        { header: '单价(元)', value: (r) => r.fen, kind: 'money' },
      ],
      rows: [
        { sku: 'A', name: '=HYPERLINK("http://x")', fen: 1999 },
        { sku: 'B', name: '乙腈', fen: 29 },
      ],
    });
    const res = await readExcel(buf, COLUMNS);
    expect(res.rows.map((r) => [r.values.name, r.values.price])).toEqual([
      [`'=HYPERLINK("http://x")`, 1999],
      ['乙腈', 29],
    ]);
  });
});
