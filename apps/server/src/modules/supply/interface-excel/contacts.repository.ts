import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { Scope } from './scope.ts';

export interface ContactSet {
  name: string;
  phone: string;
  email: string | null;
  position: string | null;
  region: string | null;
  note: string | null;
}

/** SQL of 供应商联系人 (supplier_contact) for the interface sheets. */
export class ContactsRepository {
  constructor(private readonly db: Executor) {}

  async page(s: Scope, keyword: string | undefined, limit: number, offset: number) {
    let b = this.db.selectFrom('supplier_contact as c').innerJoin('supplier as s', 's.id', 'c.supplier_id');
    if (s.kind === 'supplier') b = b.where('c.supplier_id', '=', s.supplierId);
    if (keyword) {
      const k = keyword;
      b = b.where((eb) => eb.or([containsText('c.name', k), containsText('c.phone', k), containsText('s.company_name', k), containsText('c.region', k)]));
    }
    const [rows, c] = await Promise.all([
      b.selectAll('c').select('s.company_name').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(c.n) };
  }

  ofSupplier(supplierId: number) {
    return this.db.selectFrom('supplier_contact').select(['id', 'phone', 'name']).where('supplier_id', '=', supplierId).execute();
  }

  /** the contacts with these phones, of any supplier */
  byPhones(phones: string[]) {
    if (!phones.length) return Promise.resolve([]);
    return this.db.selectFrom('supplier_contact').select(['id', 'supplier_id', 'phone']).where('phone', 'in', phones).execute();
  }

  /** false when the contact is no longer the supplier's */
  async update(supplierId: number, id: number, set: ContactSet, now: string) {
    const r = await this.db
      .updateTable('supplier_contact')
      .set({ ...set, updated_at: now })
      .where('id', '=', id)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async insert(supplierId: number, set: ContactSet, now: string) {
    await this.db
      .insertInto('supplier_contact')
      .values({ ...set, supplier_id: supplierId, created_at: now, updated_at: now })
      .execute();
  }
}
