import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { lookups } from './lookups.ts';
import { makeItem } from './mall-fixtures.ts';
import type { demoSessions } from './sessions.ts';

type Req = ReturnType<typeof demoSessions>['req'];
const key = () => randomBytes(8).toString('hex');
/** Kinds that move the frozen figure (a draw moves it to drawn). */
const FROZEN_KINDS = ['freeze', 'adjust', 'release', 'carry'];

/**
 * Grant cards and orders on them through the HTTP API, and the ledger checks the budget tests share
 * (`current()` is called on use; `address()` answers buyer1's address, made in beforeAll).
 */
export function budgetFixtures(current: () => TestApp, req: Req, address: () => number) {
  const db = () => current().ctx.database.db;
  const { userId } = lookups(current);

  /** A card of ICCAS held by leader1 with buyer1 a member, valid for decades, with optional budget lines. */
  async function newCard(total: number, policy: 'stop' | 'warn' = 'stop', lines: { name: string; amount: number }[] = []) {
    const res = await req('finance1', 'POST', '/mall/v1/grantCard/add', {
      cardNo: `L${randomBytes(4).toString('hex')}`,
      title: '国家自然科学基金面上项目：并发测试',
      piId: await userId('leader1'),
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      total,
      policy,
      lines,
      memberIds: [await userId('buyer1')],
    });
    expect(res.body.code).toBe(200);
    return res.body.data.id as number;
  }

  const cardRow = async (id: number) => {
    const c = await db().selectFrom('grant_card').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { total: Number(c.total), frozen: Number(c.frozen), drawn: Number(c.drawn) };
  };
  const lineRows = async (cardId: number) =>
    (await db().selectFrom('grant_card_line').selectAll().where('card_id', '=', cardId).orderBy('id').execute()).map((l) => ({
      id: l.id,
      name: l.name,
      amount: Number(l.amount),
      frozen: Number(l.frozen),
      drawn: Number(l.drawn),
    }));

  /** What entries add up to on the frozen and drawn figures. */
  const sums = (rows: { kind: string; amount: number | string }[]) => {
    let frozen = 0;
    let drawn = 0;
    for (const r of rows) {
      const n = Number(r.amount);
      if (FROZEN_KINDS.includes(r.kind)) frozen += n;
      if (r.kind === 'draw') {
        frozen -= n;
        drawn += n;
      }
      if (r.kind === 'reverse') drawn += n;
    }
    return { frozen, drawn };
  };

  /** What overrides and warnings let through beyond the total (0 on a plain 超支禁止 card). */
  const overrides = async (cardId: number) =>
    (await db().selectFrom('budget_entry').select('amount').where('card_id', '=', cardId).where('reason', 'like', '超支%').execute()).reduce(
      (a, r) => a + Number(r.amount),
      0,
    );

  /** The card's balance row, and each line's, must equal what their ledger entries add up to. */
  async function expectLedgerMatches(cardId: number) {
    const rows = await db().selectFrom('budget_entry').select(['kind', 'amount', 'line_id']).where('card_id', '=', cardId).execute();
    const c = await cardRow(cardId);
    expect({ frozen: c.frozen, drawn: c.drawn }).toEqual(sums(rows));
    expect(c.frozen + c.drawn).toBeLessThanOrEqual(c.total + (await overrides(cardId)));
    for (const l of await lineRows(cardId))
      expect({ line: l.name, frozen: l.frozen, drawn: l.drawn }).toEqual({ line: l.name, ...sums(rows.filter((r) => r.line_id === l.id)) });
  }

  /** An order of one ¥price item from 国药 on the card: one sub-order, chain = team only (under ¥5,000). */
  async function place(cardId: number, price: number, extra: { itemId?: number; budgetLines?: Record<string, number> } = {}) {
    const itemId = extra.itemId ?? (await makeItem(db(), { supplier: '国药', name: '无水乙醇 分析纯', price, stock: 10 })).id;
    const res = await req('buyer1', 'POST', '/mall/v1/order/create', {
      direct: { itemId, quantity: 1 },
      addressId: address(),
      idempotencyKey: key(),
      grantCardId: cardId,
      ...(extra.budgetLines ? { budgetLines: extra.budgetLines } : {}),
    });
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data as { orderId: number; totalAmount: number; subOrders: { id: number }[] };
  }
  const pass = (user: string, id: number, extra: object = {}) => req(user, 'POST', '/mall/v1/order-caas/team/pass', { ids: [id], ...extra });

  /** Fulfilment to completion (confirm, deliver, arrival, acceptance). */
  async function fulfil(sub: number) {
    const channel = (await req('supplier1', 'GET', '/mall/v1/expChannel/list')).body.data[0].id;
    expect((await req('supplier1', 'POST', '/supplier/v1/order/confirm', { subOrderId: sub })).body.code).toBe(200);
    expect(
      (await req('supplier1', 'POST', '/supplier/v1/order/deliver', { subOrderId: sub, expressChannelId: channel, trackingNo: `SF${Date.now()}` })).body.code,
    ).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/order-caas/buyer/arrived', { subOrderId: sub })).body.code).toBe(200);
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: sub })).body.code).toBe(200);
  }

  return { newCard, cardRow, lineRows, expectLedgerMatches, place, pass, fulfil, key };
}
