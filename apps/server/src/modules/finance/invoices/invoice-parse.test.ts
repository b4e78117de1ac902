import { describe, expect, it } from 'vitest';
import { parseInvoiceText, parseInvoiceXml, rateCode } from './invoice-parse.ts';

describe('reading invoice files', () => {
  it('reads rates as the dictionary codes', () => {
    expect(['0.13', '13%', '0.06', '0.03', '0.01', '0', '免税', '不征税', '0.17'].map(rateCode)).toEqual([
      '13',
      '13',
      '6',
      '3',
      '1',
      '0',
      '免税',
      '免税',
      null,
    ]);
  });

  it('never expands declared entities and tells what it could not read', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY big "AAAA">]><EInvoice><TaxSupervisionInfo><InvoiceNumber>&big;</InvoiceNumber></TaxSupervisionInfo></EInvoice>';
    const r = parseInvoiceXml(xml);
    expect(r.number).toBe('&big;');
    expect(r.warnings).toContain('未读到发票明细');
    expect(parseInvoiceXml('<root/>').warnings[0]).toContain('不是数电发票 XML');
  });

  it('reads a legacy 电子普票 text with its code', () => {
    const r = parseInvoiceText(
      '增值税电子普通发票\n发票代码：031001900111\n发票号码：00123456\n开票日期：2020年01月02日\n合 计 ¥100.00 ¥13.00\n（小写）¥113.00 13%',
    );
    expect(r).toMatchObject({ kind: 'e_normal', code: '031001900111', number: '00123456', issueDate: '2020-01-02', totalAmount: 11_300 });
  });
});
