import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, SsoCasConfigTable, SsoPartnerTable } from '../../../platform/db/schema.ts';

/** CAS configurations, partner systems and privacy consents; every SQL of the sso module. */
export class SsoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }

  casByCode(code: string) {
    return this.db
      .selectFrom('sso_cas_config as c')
      .innerJoin('institute as i', 'i.id', 'c.institute_id')
      .selectAll('c')
      .select('i.name as institute_name')
      .where('c.code', '=', code)
      .executeTakeFirst();
  }

  enabledOrgs() {
    return this.db
      .selectFrom('sso_cas_config as c')
      .innerJoin('institute as i', 'i.id', 'c.institute_id')
      .select(['c.code', 'i.name as instituteName'])
      .where('c.enabled', '=', 1)
      .orderBy('i.id')
      .execute();
  }

  casById(id: number) {
    return this.db
      .selectFrom('sso_cas_config as c')
      .innerJoin('institute as i', 'i.id', 'c.institute_id')
      .selectAll('c')
      .select('i.name as institute_name')
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  async casPage(q: { keyword?: string; current: number; size: number }) {
    let base = this.db.selectFrom('sso_cas_config as c').innerJoin('institute as i', 'i.id', 'c.institute_id');
    if (q.keyword) {
      const k = q.keyword;
      base = base.where((eb) => eb.or([containsText('i.name', k), containsText('c.code', k)]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('c')
      .select('i.name as institute_name')
      .orderBy('c.id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return { rows, total: Number(n) };
  }

  instituteExists(id: number) {
    return this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst();
  }

  insertCas(trx: Executor, row: Insertable<SsoCasConfigTable>) {
    return trx.insertInto('sso_cas_config').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updateCas(trx: Executor, id: number, row: Updateable<SsoCasConfigTable>) {
    return trx.updateTable('sso_cas_config').set(row).where('id', '=', id).executeTakeFirst();
  }

  deleteCas(trx: Executor, id: number) {
    return trx.deleteFrom('sso_cas_config').where('id', '=', id).executeTakeFirst();
  }

  /**
   * The live accounts of an institute whose login name, phone or e-mail equals the identity: members
   * of one of its departments (or, without any department yet, registered to it). Buyer-side accounts
   * only: platform staff and suppliers never sign in through an institute's CAS.
   */
  accountsMatching(instituteId: number, field: 'user_name' | 'phone_num' | 'email', identity: string) {
    const inInstitute = this.db
      .selectFrom('user_dept')
      .innerJoin('dept', 'dept.id', 'user_dept.dept_id')
      .select('user_dept.user_id')
      .where('dept.institute_id', '=', instituteId);
    return this.db
      .selectFrom('app_user as u')
      .select(['u.id', 'u.user_name', 'u.real_name', 'u.phone_num', 'u.status'])
      .where(field === 'email' ? sql`lower(u.email)` : sql.ref(`u.${field}`), '=', field === 'email' ? identity.toLowerCase() : identity)
      .where('u.deleted', '=', 0)
      .where('u.account_type', '=', 1)
      .where((eb) => eb.or([eb('u.id', 'in', inInstitute), eb('u.institute_id', '=', instituteId)]))
      .limit(2)
      .execute();
  }

  hasConsent(userId: number, version: string) {
    return this.db.selectFrom('privacy_consent').select('id').where('user_id', '=', userId).where('policy_version', '=', version).executeTakeFirst();
  }

  insertConsent(trx: Executor, row: { user_id: number; policy_version: string; via: string; ip: string | null; agreed_at: string }) {
    return trx
      .insertInto('privacy_consent')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'policy_version']).doNothing())
      .executeTakeFirst();
  }

  async realNameOf(userId: number) {
    return (await this.db.selectFrom('app_user').select('real_name').where('id', '=', userId).executeTakeFirst())?.real_name ?? null;
  }

  // ── partners ──────────────────────────────────────────────────────────────
  partnerByCode(code: string) {
    return this.db.selectFrom('sso_partner').selectAll().where('code', '=', code).executeTakeFirst();
  }

  partnerById(id: number) {
    return this.db.selectFrom('sso_partner').selectAll().where('id', '=', id).executeTakeFirst();
  }

  partners() {
    return this.db
      .selectFrom('sso_partner as p')
      .leftJoin('institute as i', 'i.id', 'p.institute_id')
      .selectAll('p')
      .select('i.name as institute_name')
      .orderBy('p.id')
      .execute();
  }

  /** the enabled partners a user of this institute (or of none) may be handed to */
  partnersFor(instituteId: number | null) {
    return this.db
      .selectFrom('sso_partner')
      .select(['code', 'name'])
      .where('enabled', '=', 1)
      .where((eb) => (instituteId === null ? eb('institute_id', 'is', null) : eb.or([eb('institute_id', 'is', null), eb('institute_id', '=', instituteId)])))
      .orderBy('id')
      .execute();
  }

  insertPartner(trx: Executor, row: Insertable<SsoPartnerTable>) {
    return trx.insertInto('sso_partner').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updatePartner(trx: Executor, id: number, row: Updateable<SsoPartnerTable>) {
    return trx.updateTable('sso_partner').set(row).where('id', '=', id).executeTakeFirst();
  }

  deletePartner(trx: Executor, id: number) {
    return trx.deleteFrom('sso_partner').where('id', '=', id).executeTakeFirst();
  }
}
