import type { ZkpdItemInfoBody } from '@kc/contracts/ledgers/budget';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { fail } from '../../../platform/http/errors.ts';
import { lockCard, normalise } from './budget-ledger.ts';
import type { GrantCardsRepository } from './grant-cards.repository.ts';
import { cardVO } from './grant-cards.service.ts';

type Body = z.infer<typeof ZkpdItemInfoBody>;

/**
 * zkpd getItemInfoByPI: the institute's finance system (an API client bound to that institute)
 * sends the cards it holds for a PI, and reads back ours. It is the source of truth for a card's
 * number, title, validity, status, total and budget lines; our ledger (frozen, drawn) is never
 * overwritten, so the answer lets it reconcile. A total below what is frozen and drawn, or a card
 * number another PI holds, refuses the whole batch (one transaction, all or nothing).
 */
export class GrantCardFeed {
  constructor(private readonly repo: GrantCardsRepository) {}

  async clientInstitute(clientId: string | null) {
    if (!clientId) return null;
    return this.repo.clientInstitute(clientId);
  }

  async itemInfoByPI(clientId: string | null, ip: string, b: Body) {
    const instituteId = await this.clientInstitute(clientId);
    if (instituteId === null) return fail('FORBIDDEN', '该客户端未绑定研究所，不能同步经费卡');
    const pi = await this.repo.userByName(b.piUserName);
    if (!pi || (await this.repo.usersOfInstitute(instituteId, [pi.id])).length === 0) return fail('NOT_FOUND', '课题负责人不存在或不属于本所');
    let created = 0;
    let updated = 0;
    await this.repo.inTransaction(async (r, trx) => {
      for (const card of b.cards ?? []) {
        const at = new Date().toISOString();
        const existing = await r.byNo(instituteId, card.cardNo);
        let id: number;
        if (existing) {
          const locked = await lockCard(trx, existing.id);
          if (!locked) continue;
          if (locked.pi_id !== pi.id) fail('BAD_REQUEST', `经费卡 ${card.cardNo} 属于其他课题负责人`);
          if (card.total < locked.frozen + locked.drawn) fail('BAD_REQUEST', `经费卡 ${card.cardNo} 的总额不能低于已冻结与已支出之和`);
          await r.updateCard(existing.id, {
            title: card.title,
            valid_from: card.validFrom,
            valid_to: card.validTo,
            status: card.status,
            total: card.total,
            updated_at: at,
          });
          id = existing.id;
          updated += 1;
        } else {
          id = (
            await r.insertCard({
              card_no: card.cardNo,
              title: card.title,
              pi_id: pi.id,
              institute_id: instituteId,
              dept_id: null,
              valid_from: card.validFrom,
              valid_to: card.validTo,
              status: card.status,
              policy: 'stop',
              total: card.total,
              source: 'api',
              created_by: null,
              created_at: at,
              updated_at: at,
            })
          ).id;
          created += 1;
        }
        if (card.lines) await r.replaceLines(id, card.lines);
      }
      if (b.cards?.length)
        await writeAudit(trx, {
          userId: null,
          action: 'grantCard.sync',
          target: `institute:${instituteId}`,
          detail: { client: clientId, pi: b.piUserName, cards: b.cards.map((c) => c.cardNo) },
          ip,
        });
    });
    const cards = await this.repo.page({ kind: 'self', userId: pi.id }, {}, 1, 999);
    return {
      piUserName: pi.user_name,
      created,
      updated,
      cards: cards.rows.filter((k) => k.institute_id === instituteId).map((k) => cardVO({ ...k, ...normalise(k) })),
    };
  }
}
