import { shanghaiDate } from '@kc/contracts/supply/qualifications';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { demoQualifications } from './demo-qualification-licences.ts';

/** The demo suppliers' qualifications (demo-qualification-licences.ts), submitted by each supplier's main account and approved by the platform's administrator (the pending renewal not yet). */
export async function seedDemoQualifications(trx: Transaction<DB>, now: string, adminId: number) {
  const today = shanghaiDate(Date.parse(now));
  const all = demoQualifications(today);
  const suppliers = await trx.selectFrom('supplier').select(['id', 'company_name']).execute();
  for (const s of suppliers) {
    const key = Object.keys(all).find((k) => s.company_name.includes(k));
    if (!key) continue;
    const owner = await trx.selectFrom('app_user').select('id').where('supplier_id', '=', s.id).orderBy('id').executeTakeFirstOrThrow();
    for (const [i, q] of all[key].entries()) {
      const { id: fileId } = await trx
        .insertInto('file_object')
        .values({
          storage_key: `demo/qualification-${s.id}-${i + 1}.pdf`,
          original_name: `${q.number.replace(/[\\/:*?"<>|]/g, '_')}.pdf`,
          mime: 'application/pdf',
          size: 0,
          sha256: '',
          purpose: 'qualification',
          uploaded_by: owner.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('qualification')
        .values({
          supplier_id: s.id,
          type_code: q.type,
          number: q.number,
          authority: q.authority,
          valid_from: q.from,
          valid_to: q.to,
          file_id: fileId,
          scope: q.scope ?? '',
          status: q.pending ? 0 : 1,
          refuse_reason: null,
          submitted_by: owner.id,
          submitted_at: now,
          reviewed_by: q.pending ? null : adminId,
          reviewed_at: q.pending ? null : now,
        })
        .execute();
    }
  }
}
