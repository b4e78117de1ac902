import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { BuyTipRepository } from './buy-tip.repository.ts';

type Tip = { title: string; content: string; status: 0 | 1; sort: number };

const vo = (t: { id: number; title: string; content: string; status: number; sort: number }) => ({
  id: t.id,
  title: t.title,
  content: t.content,
  status: t.status,
  sort: t.sort,
});

/** Buy tips managed by the platform admin; buyers see the active ones when confirming an order. */
export class BuyTipService {
  constructor(private readonly repo: BuyTipRepository) {}

  async all(onlyActive: boolean) {
    return (await this.repo.all(onlyActive)).map(vo);
  }

  async byId(id: number) {
    const t = await this.repo.byId(id);
    if (!t) return fail('NOT_FOUND', '购买须知不存在');
    return vo(t);
  }

  async add(w: Who, t: Tip) {
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insert({ ...t, created_at: now, updated_at: now });
      await writeAudit(trx, { userId: w.caller.userId, action: 'buyTip.add', target: `buyTip:${id}`, ip: w.ip });
      return { id };
    });
  }

  async update(w: Who, id: number, t: Tip) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.update(id, { ...t, updated_at: nowIso() });
      if (!Number(res.numUpdatedRows)) fail('NOT_FOUND', '购买须知不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'buyTip.update', target: `buyTip:${id}`, ip: w.ip });
    });
  }

  async remove(w: Who, id: number) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.delete(id);
      if (!Number(res.numDeletedRows)) fail('NOT_FOUND', '购买须知不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'buyTip.delete', target: `buyTip:${id}`, ip: w.ip });
    });
  }
}
