import { describe, expect, it } from 'vitest';
import type { BillableVO, InvoiceDetailVO } from '../api/invoices-api.ts';
import { type InvoiceValues, initialValues, lineTotals, remainingLines, today, uploadBody } from './invoice-upload-values.ts';

const sub = (buckets: { taxRate: string; accepted: number; refunded: number; invoiced: number }[]) =>
  ({ subOrderId: 7, buyerTitle: '化学研究所', instituteName: '化学所', buyerTaxId: '12100000400000000X', match: { buckets } }) as unknown as BillableVO;

describe('上传发票 form values', () => {
  it('bills what the sub-orders have left, per rate, skipping rates with nothing left', () => {
    const lines = remainingLines([
      sub([
        { taxRate: '13', accepted: 10000, refunded: 1000, invoiced: 2000 },
        { taxRate: '6', accepted: 500, refunded: 0, invoiced: 500 },
      ]),
    ]);
    expect(lines).toEqual([{ name: '*化学试剂*试剂耗材一批（详见清单）', amount: 70, taxRate: '13' }]);
  });

  it('starts a blue invoice from the buyer of the first sub-order, a red one from the blue one negated', () => {
    expect(initialValues(null, [sub([])], '某试剂公司', '2026-11-20')).toMatchObject({
      kind: 'digital_normal',
      issueDate: '2026-11-20',
      sellerName: '某试剂公司',
      buyerName: '化学研究所',
      lines: [],
    });
    const blue = {
      kind: 'digital_special',
      number: '12345678901234567890',
      sellerName: 'S',
      sellerTaxId: 'ST',
      buyerName: 'B',
      buyerTaxId: 'BT',
      lines: [{ name: '*化学试剂*乙醇', quantity: null, exclAmount: 10000, taxAmount: 1300, taxRate: '13' }],
    } as unknown as InvoiceDetailVO;
    expect(initialValues(blue, [], undefined, '2026-11-20').lines).toEqual([{ name: '*化学试剂*乙醇', quantity: undefined, amount: -113, taxRate: '13' }]);
  });

  it('sums the lines: printed split when given, else split by the rate', () => {
    const t = lineTotals([{ amount: 113, taxRate: '13' }, { amount: 106, taxRate: '6', exclAmount: 100, taxAmount: 6 }, undefined]);
    expect(t.total).toBe(21900);
    expect(t.split).toEqual({ excl: 20000, tax: 1900 });
  });

  it('sends fen, trims the texts, and a red invoice names the blue one and no sub-orders', () => {
    const v: InvoiceValues = {
      kind: 'digital_normal',
      code: ' 1 ',
      number: ' 12345678901234567890 ',
      issueDate: '2026-11-20',
      sellerName: ' S ',
      sellerTaxId: 'ST',
      buyerName: 'B',
      buyerTaxId: 'BT',
      lines: [{ name: ' x ', amount: 1.1, taxRate: '13' }],
      remark: '  ',
    };
    const body = uploadBody(v, { red: null, subs: [sub([])], parsed: null });
    expect(body).toMatchObject({ code: null, number: '12345678901234567890', sellerName: 'S', subOrderIds: [7], source: 'manual', remark: null, fileId: null });
    expect(body.lines).toEqual([{ name: 'x', quantity: null, amount: 110, taxRate: '13' }]);
    const red = uploadBody(v, { red: { number: 'B1' } as InvoiceDetailVO, subs: [sub([])], parsed: null });
    expect(red).toMatchObject({ subOrderIds: [], blueNumber: 'B1' });
  });

  it('dates today in Beijing', () => {
    expect(today(Date.UTC(2026, 10, 19, 17, 0))).toBe('2026-11-20');
  });
});
