import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { addBeijingAddress, makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * 课题经费卡: who reads and writes cards (the PI their own, finance its institute's), the checkout
 * contract (a named card of the buyer's institute, usable, the buyer a member; else the default),
 * what the approver sees, and the finance system's zkpd sync over a bound API client.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, instituteId } = lookups(() => t);
const db = () => t.ctx.database.db;
const key = () => randomBytes(8).toString('hex');
let addressId: number;

const card = (over: Record<string, unknown> = {}) => ({
  cardNo: `T${randomBytes(4).toString('hex')}`,
  title: '国家自然科学基金面上项目：测试课题',
  validFrom: '2020-01-01',
  validTo: '2099-12-31',
  total: 1_000_000,
  policy: 'stop',
  lines: [{ name: '材料费', amount: 600_000 }],
  memberIds: [] as number[],
  ...over,
});
const cardsOf = async (user: string, q = '') =>
  (await req(user, 'GET', `/mall/v1/grantCard/page?size=100${q}`)).body.data.records as { id: number; cardNo: string }[];

beforeAll(async () => {
  t = await createTestApp();
  addressId = await addBeijingAddress(req);
});
afterAll(() => t.close());

async function placeDirect(user: string, price: number, extra: Record<string, unknown> = {}) {
  const it = await makeItem(db(), { supplier: '国药', name: '乙腈 色谱纯', price, stock: 100 });
  const addr = user === 'buyer1' ? addressId : undefined;
  return req(user, 'POST', '/mall/v1/order/create', { direct: { itemId: it.id, quantity: 1 }, addressId: addr, idempotencyKey: key(), ...extra });
}

describe('cards: who manages them', () => {
  it('finance writes its institute cards, a PI only their own; another institute sees and changes nothing', async () => {
    const buyer1 = await userId('buyer1');
    const leader1 = await userId('leader1');
    const made = await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ piId: leader1, memberIds: [buyer1] }));
    expect(made.body.code).toBe(200);
    const id = made.body.data.id;
    // the same number again in the institute: refused
    const no = (await req('finance1', 'GET', `/mall/v1/grantCard/detail/${id}`)).body.data.cardNo;
    expect((await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ cardNo: no, piId: leader1 }))).body).toMatchObject({ code: 40009 });
    // a member of another institute, or the budget lines over the total: refused
    expect((await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ piId: leader1, memberIds: [await userId('buyer2')] }))).body.message).toContain(
      '非本所',
    );
    expect((await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ lines: [{ name: '材料费', amount: 2_000_000 }] }))).body.code).toBe(40000);

    const d = (await req('leader1', 'GET', `/mall/v1/grantCard/detail/${id}`)).body.data;
    expect(d).toMatchObject({ piId: leader1, total: 1_000_000, frozen: 0, drawn: 0, available: 1_000_000, status: 'active', policy: 'stop' });
    expect(d.members.map((m: { userId: number }) => m.userId)).toEqual([buyer1]);
    expect(d.lines).toEqual([expect.objectContaining({ name: '材料费', amount: 600_000 })]);
    expect((await cardsOf('leader1')).map((c) => c.id)).toContain(id);
    expect((await cardsOf('finance1', `&cardNo=${no}`)).map((c) => c.id)).toEqual([id]);

    // the PI edits their card; they may not hand a card to someone else
    const edit = { ...card({ cardNo: no, piId: leader1, total: 900_000, memberIds: [buyer1] }) };
    expect((await req('leader1', 'POST', '/mall/v1/grantCard/update', { id, card: edit })).body.code).toBe(200);
    expect((await req('leader1', 'POST', '/mall/v1/grantCard/add', card({ piId: buyer1 }))).body.code).toBe(40300);

    // another institute's finance and PI: not found, for reading and for writing
    expect((await req('finance2', 'GET', `/mall/v1/grantCard/detail/${id}`)).status).toBe(404);
    expect((await req('leader2', 'GET', `/mall/v1/grantCard/detail/${id}`)).status).toBe(404);
    expect((await req('finance2', 'POST', '/mall/v1/grantCard/update', { id, card: edit })).status).toBe(404);
    expect((await req('finance2', 'GET', `/mall/v1/grantCard/ledger?cardId=${id}`)).status).toBe(404);
    expect((await cardsOf('finance2')).map((c) => c.id)).not.toContain(id);
    // roles without the page: refused before the service
    for (const who of ['buyer1', 'checker1', 'supplier1']) expect((await req(who, 'GET', '/mall/v1/grantCard/page')).body.code).not.toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/grantCard/add', card())).body.code).not.toBe(200);
    // the platform reads every card
    expect((await cardsOf('admin', `&cardNo=${no}`)).map((c) => c.id)).toEqual([id]);
  });
});

describe('checkout', () => {
  it('charges the default card, a named card of the buyer, and refuses foreign and unusable cards', async () => {
    // the demo gives buyer1 the NSFC card 22371234 by default
    const usable = (await req('buyer1', 'GET', '/mall/v1/grantCard/usable')).body.data as { id: number; cardNo: string; isDefault: boolean }[];
    const def = usable.find((c) => c.isDefault);
    expect(def?.cardNo).toBe('22371234');
    // the frozen demo card is not offered
    expect(usable.map((c) => c.cardNo)).not.toContain('Z221100002');

    const placed = await placeDirect('buyer1', 12_345);
    expect(placed.body.code).toBe(200);
    const row = await db().selectFrom('purchase_order').select('grant_card_id').where('id', '=', placed.body.data.orderId).executeTakeFirstOrThrow();
    expect(row.grant_card_id).toBe(def?.id);
    const check = await db().selectFrom('budget_entry').selectAll().where('order_id', '=', placed.body.data.orderId).execute();
    expect(check.map((e) => [e.kind, Number(e.amount)])).toEqual([['check', 0]]);

    // the approver reads 本单占用 and 可用余额 on the order
    const detail = (await req('leader1', 'GET', `/mall/v1/order-detail/${placed.body.data.orderId}`)).body.data;
    expect(detail.budget).toMatchObject({ cardNo: '22371234', orderAmount: placed.body.data.totalAmount, frozen: false, shortfall: 0 });
    expect(detail.budget.available).toBeGreaterThan(0);
    // and on the row of the approval list
    const rows = (await req('leader1', 'GET', '/mall/v1/order-caas/team/page?tab=pending&size=100')).body.data.records;
    expect(rows.find((r: { id: number }) => r.id === placed.body.data.orderId)?.budget).toMatchObject({
      cardNo: '22371234',
      orderAmount: placed.body.data.totalAmount,
    });

    const warn = usable.find((c) => c.cardNo === 'XDB0520000');
    expect((await placeDirect('buyer1', 1_000, { grantCardId: warn?.id })).body.code).toBe(200);

    // another institute's card: not found; a frozen card: refused; a card buyer1 is no member of: refused
    const simm = await db().selectFrom('grant_card').select('id').where('card_no', '=', '82304567').executeTakeFirstOrThrow();
    expect((await placeDirect('buyer1', 1_000, { grantCardId: simm.id })).status).toBe(404);
    const frozen = await db().selectFrom('grant_card').select('id').where('card_no', '=', 'Z221100002').executeTakeFirstOrThrow();
    expect((await placeDirect('buyer1', 1_000, { grantCardId: frozen.id })).body).toMatchObject({ code: 40300, message: expect.stringContaining('已冻结') });
    // a card buyer1 is no member of: 他人代付 (the card's PI approves first; see below)
    const other = await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ piId: await userId('leader1') }));
    // an expired card: refused with its validity
    const old = await req(
      'finance1',
      'POST',
      '/mall/v1/grantCard/add',
      card({ validFrom: '2020-01-01', validTo: '2021-12-31', memberIds: [await userId('buyer1')], piId: await userId('leader1') }),
    );
    expect((await placeDirect('buyer1', 1_000, { grantCardId: old.body.data.id })).body.message).toContain('不在有效期内');

    // the default can be changed to a card the buyer may charge, not to another one
    expect((await req('buyer1', 'POST', '/mall/v1/grantCard/default', { cardId: warn?.id })).body.code).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/grantCard/default', { cardId: other.body.data.id })).status).toBe(404);
    expect((await req('buyer1', 'POST', '/mall/v1/grantCard/default', { cardId: def?.id })).body.code).toBe(200);

    // a buyer who may charge no card orders without one (institutes without cards keep working)
    const multi = await req('multi1', 'GET', '/mall/v1/grantCard/usable');
    expect(multi.body.data).toEqual([]);
  });

  it('asks a buyer with cards but no default to choose one', async () => {
    const buyer1 = await userId('buyer1');
    await db().deleteFrom('grant_card_default').where('user_id', '=', buyer1).execute();
    expect((await placeDirect('buyer1', 1_000)).body).toMatchObject({ code: 40000, message: '请选择经费卡' });
    const def = await db().selectFrom('grant_card').select('id').where('card_no', '=', '22371234').executeTakeFirstOrThrow();
    await db().insertInto('grant_card_default').values({ user_id: buyer1, card_id: def.id }).execute();
  });
});

describe('他人代付: ordering on a card of another PI', () => {
  it('adds the card PI as the first approver, whom only that PI passes; refusal ends it with nothing frozen', async () => {
    const leader1 = await userId('leader1');
    const made = await req('finance1', 'POST', '/mall/v1/grantCard/add', card({ piId: leader1 }));
    const cardId = made.body.data.id as number;
    const cardNo = (await req('finance1', 'GET', `/mall/v1/grantCard/detail/${cardId}`)).body.data.cardNo;

    // checkout finds it by number, with its PI's name and no balance; foreign and frozen numbers answer alike
    const found = await req('buyer1', 'GET', `/mall/v1/grantCard/lookup?cardNo=${cardNo}`);
    expect(found.body.data).toEqual({
      id: cardId,
      cardNo,
      title: expect.any(String),
      piName: expect.any(String),
      othersCard: true,
      lines: [{ id: expect.any(Number), name: '材料费' }],
    });
    expect((await req('buyer1', 'GET', '/mall/v1/grantCard/lookup?cardNo=82304567')).body.code).toBe(404);
    expect((await req('buyer1', 'GET', '/mall/v1/grantCard/lookup?cardNo=Z221100002')).body.code).toBe(404);
    expect((await req('leader1', 'GET', '/mall/v1/grantCard/lookup?cardNo=22371234')).body.data.othersCard).toBe(false);

    const placed = await placeDirect('buyer1', 2_000, { grantCardId: cardId });
    expect(placed.body.code).toBe(200);
    const id = placed.body.data.orderId as number;
    const row = await db().selectFrom('purchase_order').select(['status', 'approval_steps', 'grant_card_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending_card', grant_card_id: cardId });
    expect(row.approval_steps.split(',')[0]).toBe('card');
    // the PI is told; their pending list holds it
    const told = await db()
      .selectFrom('user_message')
      .select('title')
      .where('user_id', '=', leader1)
      .where('title', 'like', `%${placed.body.data.orderNo}%`)
      .execute();
    expect(told.map((m) => m.title)).toContain(`订单 ${placed.body.data.orderNo} 申请使用您的经费卡（他人代付）`);
    const pending = (await req('leader1', 'GET', '/mall/v1/order-caas/card/page?tab=pending&size=100')).body.data.records;
    expect(pending.map((o: { id: number }) => o.id)).toContain(id);
    expect((await req('leader1', 'GET', `/mall/v1/order-detail/${id}`)).body.data.budget).toMatchObject({ cardId, holderId: leader1 });

    // nobody else decides the card step: not the team leader's route, not finance, not another institute, not the buyer
    expect((await req('leader1', 'POST', '/mall/v1/order-caas/team/pass', { ids: [id] })).body.code).toBe(40009);
    expect((await req('finance1', 'POST', '/mall/v1/order-caas/card/pass', { ids: [id] })).status).toBe(404);
    expect((await req('leader2', 'POST', '/mall/v1/order-caas/card/pass', { ids: [id] })).status).toBe(404);
    expect((await req('buyer1', 'POST', '/mall/v1/order-caas/card/pass', { ids: [id] })).body.code).not.toBe(200);
    expect(
      (await req('finance2', 'GET', '/mall/v1/order-caas/card/page?tab=pending&size=100')).body.data.records.map((o: { id: number }) => o.id),
    ).not.toContain(id);

    // the PI consents: the order goes on to the team leader's step
    expect((await req('leader1', 'POST', '/mall/v1/order-caas/card/pass', { ids: [id] })).body.code).toBe(200);
    expect((await db().selectFrom('purchase_order').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending_team');
    expect((await req('leader1', 'POST', '/mall/v1/order-caas/card/pass', { ids: [id] })).body.code).toBe(40009);

    // another order refused by the PI: refused, its card never frozen
    const second = (await placeDirect('buyer1', 3_000, { grantCardId: cardId })).body.data.orderId as number;
    expect((await req('leader1', 'POST', '/mall/v1/order-caas/card/refuse', { ids: [second], reason: '本卡材料费已用于其他课题' })).body.code).toBe(200);
    expect((await db().selectFrom('purchase_order').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status).toBe('refused');
    const entries = await db().selectFrom('budget_entry').select('kind').where('order_id', '=', second).execute();
    expect(entries.map((e) => e.kind)).not.toContain('freeze');
    expect((await req('finance1', 'GET', `/mall/v1/grantCard/detail/${cardId}`)).body.data.frozen).toBe(0);
  });
});

describe('zkpd getItemInfoByPI', () => {
  it('upserts a PI cards from the institute finance system bound API client and answers our ledger figures', async () => {
    const clientId = `iccas-fin-${key()}`;
    const secret = key();
    const signKey = key();
    await db()
      .insertInto('api_client')
      .values({
        client_id: clientId,
        secret_hash: createHash('sha256').update(secret).digest('hex'),
        sign_key: signKey,
        name: '化学所财务系统',
        status: 1,
        created_at: new Date().toISOString(),
        institute_id: await instituteId('ICCAS'),
        scopes: JSON.stringify(['zkpd.grantCard']),
      })
      .execute();
    const authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
    const push = (json: unknown) => call(t.app, 'POST', '/mall/v1/api-order/zkpd/getItemInfoByPI', { json, authorization, signKey });
    const cards = [
      { cardNo: '2023YFA1507400', title: '国家重点研发计划：分子材料', validFrom: '2024-01-01', validTo: '2099-12-31', status: 'active', total: 5_000_000 },
    ];
    const first = await push({ piUserName: 'leader1', cards });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1, updated: 0 });
    const synced = first.body.data.cards.find((c: { cardNo: string }) => c.cardNo === '2023YFA1507400');
    expect(synced).toMatchObject({ source: 'api', total: 5_000_000, frozen: 0, available: 5_000_000 });
    // the demo cards of the PI come back too, with our figures
    expect(first.body.data.cards.map((c: { cardNo: string }) => c.cardNo)).toContain('22371234');
    // again with a new total: updated, not duplicated
    const again = await push({ piUserName: 'leader1', cards: [{ ...cards[0], total: 6_000_000 }] });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    expect((await db().selectFrom('grant_card').select('total').where('card_no', '=', '2023YFA1507400').executeTakeFirstOrThrow()).total).toSatisfy(
      (n: unknown) => Number(n) === 6_000_000,
    );
    // a PI of another institute: not found; the web client (no institute) and a session: refused
    expect((await push({ piUserName: 'leader2' })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/api-order/zkpd/getItemInfoByPI', { json: { piUserName: 'leader1' } })).body.code).toBe(40300);
    expect((await req('finance1', 'POST', '/mall/v1/api-order/zkpd/getItemInfoByPI', { piUserName: 'leader1' })).body.code).toBe(40300);
    // malformed input: a Chinese 400, never a 500
    const bad = await push({ piUserName: 'leader1', cards: [{ ...cards[0], total: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/总额/);
  });
});
