import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';

type ChannelRow = { name: string; code: string; tracking_url: string | null; status: number; sort: number };

/** SQL of the express channels suppliers deliver with. */
export class ExpressChannelRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: ExpressChannelRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ExpressChannelRepository(trx), trx));
  }

  /** An enabled channel (a delivery may only name one of these). */
  enabled(id: number) {
    return this.db.selectFrom('express_channel').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  }

  list(all: boolean) {
    let q = this.db.selectFrom('express_channel').selectAll();
    if (!all) q = q.where('status', '=', 1);
    return q.orderBy('sort').orderBy('id').execute();
  }

  insert(v: ChannelRow) {
    return this.db.insertInto('express_channel').values(v).returning('id').executeTakeFirstOrThrow();
  }

  update(id: number, v: ChannelRow) {
    return this.db.updateTable('express_channel').set(v).where('id', '=', id).executeTakeFirst();
  }
}

/** Order configuration: the express channels (the platform admin keeps them; everyone delivering or tracking reads them). */
export class ExpressChannelService {
  constructor(private readonly repo: ExpressChannelRepository) {}

  /** Enabled channels; those who manage channels see the disabled ones too. */
  async list(all: boolean) {
    return (await this.repo.list(all)).map((c) => ({ id: c.id, name: c.name, code: c.code, trackingUrl: c.tracking_url, status: c.status, sort: c.sort }));
  }

  enabled(id: number) {
    return this.repo.enabled(id);
  }

  async save(w: { caller: Caller; ip: string }, v: { id?: number; name: string; code: string; trackingUrl: string | null; status: number; sort: number }) {
    return this.repo.inTransaction(async (r, trx) => {
      const row = { name: v.name, code: v.code, tracking_url: v.trackingUrl, status: v.status, sort: v.sort };
      let id = v.id;
      if (id) {
        const res = await r.update(id, row);
        if (!Number(res.numUpdatedRows)) fail('NOT_FOUND', '快递渠道不存在');
      } else id = (await r.insert(row)).id;
      await writeAudit(trx, { userId: w.caller.userId, action: 'expressChannel.save', target: `expressChannel:${id}`, detail: row, ip: w.ip });
      return { id };
    });
  }
}
