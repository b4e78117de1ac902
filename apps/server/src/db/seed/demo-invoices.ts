import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The demo institutes' invoice identity and rules (invoice_setting): the title and 统一社会信用代码
 * every supplier invoice must carry (事业单位 codes, 12…, with valid GB 32100 check characters),
 * 15 days to invoice after acceptance, and the terms buyers see in their session. 化学所 wants
 * 数电专票 and paper copies; 上海药物所 takes 数电普票 and allows ¥0.05 over-billing. The terms are
 * dictionary values (modules/dicts: invoice_type, invoice_time, pay_time).
 */
const SETTINGS = [
  {
    code: 'ICCAS',
    buyer_title: '中国科学院化学研究所',
    buyer_tax_id: '121000004000124600',
    invoice_type: 'digital_special',
    invoice_time: 'accept15',
    pay_time: 'claim30',
    paper_required: 1,
    over_bill_allowance: 0,
  },
  {
    code: 'SIMM',
    buyer_title: '中国科学院上海药物研究所',
    buyer_tax_id: '12100000425006135K',
    invoice_type: 'digital_normal',
    invoice_time: 'accept15',
    pay_time: 'statement',
    paper_required: 0,
    over_bill_allowance: 5,
  },
];

export async function seedDemoInvoiceSettings(trx: Transaction<DB>) {
  const now = new Date().toISOString();
  for (const { code, ...s } of SETTINGS) {
    const inst = await trx.selectFrom('institute').select('id').where('code', '=', code).executeTakeFirst();
    if (!inst) continue;
    await trx
      .insertInto('invoice_setting')
      .values({
        institute_id: inst.id,
        ...s,
        files_per_sub: 10,
        max_file_mb: 10,
        file_types: 'pdf,ofd,xml,jpg,png',
        deadline_days: 15,
        verify_threshold: 100_000,
        updated_by: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('institute_id').doNothing())
      .execute();
  }
}
