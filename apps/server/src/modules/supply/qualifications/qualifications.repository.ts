import { QUALIFICATION_STATUS } from '@kc/contracts/supply/qualifications';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, QualificationTable } from '../../../platform/db/schema.ts';

export interface QualificationFilter {
  /** null: every supplier (the platform) */
  supplierId: number | null;
  status?: number;
  typeCode?: string;
  validity?: 'valid' | 'expiring' | 'expired';
  withinDays?: number;
  supplierName?: string;
  today: string;
  /** today + withinDays, YYYY-MM-DD */
  horizon: string;
}

/** SQL for qualifications, their review and expiry reminders. */
export class QualificationsRepository {
  constructor(readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: QualificationsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new QualificationsRepository(trx), trx));
  }

  async page(f: QualificationFilter, current: number, size: number) {
    let base = this.db.selectFrom('qualification').innerJoin('supplier', 'supplier.id', 'qualification.supplier_id');
    if (f.supplierId !== null) base = base.where('qualification.supplier_id', '=', f.supplierId);
    if (f.status !== undefined) base = base.where('qualification.status', '=', f.status);
    if (f.typeCode) base = base.where('qualification.type_code', '=', f.typeCode);
    if (f.supplierName) base = base.where(containsText('supplier.company_name', f.supplierName));
    if (f.validity === 'expired') base = base.where('qualification.valid_to', '<', f.today);
    if (f.validity === 'expiring') base = base.where('qualification.valid_to', '>=', f.today).where('qualification.valid_to', '<=', f.horizon);
    if (f.validity === 'valid') base = base.where((eb) => eb.or([eb('qualification.valid_to', 'is', null), eb('qualification.valid_to', '>=', f.today)]));
    const [rows, count] = await Promise.all([
      base
        .leftJoin('file_object', 'file_object.id', 'qualification.file_id')
        .selectAll('qualification')
        .select(['supplier.company_name', 'file_object.original_name', 'file_object.size as file_size'])
        // the expiry filters read soonest first; otherwise newest first
        .$if(f.validity === 'expiring' || f.validity === 'expired', (q) => q.orderBy('qualification.valid_to'))
        .orderBy('qualification.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  find(id: number) {
    return this.db.selectFrom('qualification').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(row: Insertable<QualificationTable>) {
    return this.db.insertInto('qualification').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** Moves a row only from the state it was read in; false when someone else moved it first. */
  async move(id: number, fromStatus: number, set: Updateable<QualificationTable>): Promise<boolean> {
    const res = await this.db.updateTable('qualification').set(set).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Whether another qualification already holds this file (a file belongs to one record). */
  async fileTaken(fileId: number, except: number | null) {
    let q = this.db.selectFrom('qualification').select('id').where('file_id', '=', fileId);
    if (except !== null) q = q.where('id', '!=', except);
    const own = await q.executeTakeFirst();
    const reg = await this.db.selectFrom('supplier_qualification').select('file_id').where('file_id', '=', fileId).executeTakeFirst();
    return !!own || !!reg;
  }

  /**
   * Approved qualifications ending on one of these days, unless an approved renewal of the same
   * type runs on past that end (then nothing lapses and nobody needs reminding).
   */
  dueReminders(dates: string[]) {
    if (dates.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('qualification')
      .innerJoin('supplier', 'supplier.id', 'qualification.supplier_id')
      .select([
        'qualification.id',
        'qualification.supplier_id',
        'qualification.type_code',
        'qualification.number',
        'qualification.valid_to',
        'supplier.company_name',
      ])
      .where('qualification.status', '=', QUALIFICATION_STATUS.APPROVED)
      .where('qualification.valid_to', 'in', dates)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('qualification as r')
              .select('r.id')
              .whereRef('r.supplier_id', '=', 'qualification.supplier_id')
              .whereRef('r.type_code', '=', 'qualification.type_code')
              .whereRef('r.id', '!=', 'qualification.id')
              .where('r.status', '=', QUALIFICATION_STATUS.APPROVED)
              .where((w) => w.or([w('r.valid_to', 'is', null), w('r.valid_to', '>', w.ref('qualification.valid_to'))])),
          ),
        ),
      )
      .orderBy('qualification.id')
      .execute();
  }

  /** Records a reminder; false when it was recorded before (then it was sent before). */
  async markReminded(qualificationId: number, days: number, validTo: string, at: string): Promise<boolean> {
    const row = await this.db
      .insertInto('qualification_reminder')
      .values({ qualification_id: qualificationId, days, valid_to: validTo, sent_at: at })
      .onConflict((oc) => oc.columns(['qualification_id', 'days', 'valid_to']).doNothing())
      .returning('qualification_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Live platform administrators (the reminders and new submissions go to them too). */
  async platformAdmins(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('app_user')
      .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select('app_user.id')
      .distinct()
      .where('role.code', '=', 'platform_admin')
      .where('app_user.deleted', '=', 0)
      .where('app_user.status', '=', 1)
      .execute();
    return rows.map((r) => r.id);
  }
}
