import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { type AddressInput, type AddressRepository, addressVO } from './address.repository.ts';

const MAX_ADDRESSES = 30;

/** Delivery addresses of the logged-in buyer; one default at most (the first one becomes the default). */
export class AddressService {
  constructor(private readonly repo: AddressRepository) {}

  async page(caller: Caller, current: number, size: number) {
    const { rows, total } = await this.repo.page(caller.userId, current, size);
    return { records: rows.map(addressVO), total, current, size };
  }

  async add(w: Who, a: AddressInput) {
    return this.repo.inTransaction(async (r, trx) => {
      const n = await r.count(w.caller.userId);
      if (n >= MAX_ADDRESSES) fail('LIMIT_REACHED', `收货地址最多 ${MAX_ADDRESSES} 个`);
      const makeDefault = a.isDefault || n === 0;
      if (makeDefault) await r.clearDefault(w.caller.userId);
      const { id } = await r.insert(w.caller.userId, { ...a, isDefault: makeDefault });
      await writeAudit(trx, { userId: w.caller.userId, action: 'address.add', target: `address:${id}`, ip: w.ip });
      return { id };
    });
  }

  async modify(w: Who, id: number, a: AddressInput) {
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.find(w.caller.userId, id))) fail('NOT_FOUND', '收货地址不存在');
      if (a.isDefault) await r.clearDefault(w.caller.userId);
      await r.update(w.caller.userId, id, a);
      await writeAudit(trx, { userId: w.caller.userId, action: 'address.modify', target: `address:${id}`, ip: w.ip });
    });
  }

  async remove(w: Who, id: number) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.remove(w.caller.userId, id);
      if (!Number(res.numUpdatedRows)) fail('NOT_FOUND', '收货地址不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'address.delete', target: `address:${id}`, ip: w.ip });
    });
  }
}
