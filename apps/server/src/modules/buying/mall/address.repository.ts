import type { Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB, RecvAddressTable } from '../../../platform/db/schema.ts';

export interface AddressInput {
  province: string;
  city: string;
  district: string;
  detail: string;
  contact: string;
  phone: string;
  isDefault: boolean;
}

/** SQL for delivery addresses; every query is bound to the owner. Deleting hides (orders keep their copy). */
export class AddressRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: AddressRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AddressRepository(trx), trx));
  }

  find(userId: number, id: number) {
    return this.db.selectFrom('recv_address').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted', '=', 0).executeTakeFirst();
  }

  findDefault(userId: number) {
    return this.db
      .selectFrom('recv_address')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async page(userId: number, current: number, size: number) {
    const base = this.db.selectFrom('recv_address').where('user_id', '=', userId).where('deleted', '=', 0);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('is_default', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async count(userId: number) {
    const r = await this.db
      .selectFrom('recv_address')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  clearDefault(userId: number) {
    return this.db.updateTable('recv_address').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
  }

  insert(userId: number, a: AddressInput) {
    const now = nowIso();
    return this.db
      .insertInto('recv_address')
      .values({ user_id: userId, ...fields(a), deleted: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  update(userId: number, id: number, a: AddressInput) {
    return this.db
      .updateTable('recv_address')
      .set({ ...fields(a), updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
  }

  remove(userId: number, id: number) {
    return this.db
      .updateTable('recv_address')
      .set({ deleted: 1, is_default: 0, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
  }
}

const fields = (a: AddressInput) => ({
  province: a.province,
  city: a.city,
  district: a.district,
  detail: a.detail,
  contact: a.contact,
  phone: a.phone,
  is_default: a.isDefault ? 1 : 0,
});

export const addressVO = (a: Selectable<RecvAddressTable>) => ({
  id: a.id,
  province: a.province,
  city: a.city,
  district: a.district,
  detail: a.detail,
  contact: a.contact,
  phone: a.phone,
  isDefault: a.is_default === 1,
});
