import { yuan } from '@kc/contracts/buying/mall';
import type { Insertable, Transaction } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, GrantCardTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { type CardRow, cardLines, normalise, openFreezes } from './budget-ledger.ts';

/** How cards meet a data scope: finance sees its institute's cards, a PI (self) the cards they hold. */
export const CARD_SCOPE: ScopeColumns<'grant_card'> = {
  institute: (eb, instituteId) => eb('grant_card.institute_id', '=', instituteId),
  self: (eb, userId) => eb('grant_card.pi_id', '=', userId),
};

export interface CardFilter {
  cardNo?: string;
  title?: string;
  status?: string;
}

/** SQL of grant cards: lists by scope, lines, members, defaults, the ledger page. */
export class GrantCardsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: GrantCardsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new GrantCardsRepository(trx), trx));
  }

  /** The same queries on a transaction the calling use case opened (placement's, for instance). */
  within(trx: Transaction<DB>) {
    return new GrantCardsRepository(trx);
  }

  private listed(scope: Scope, f: CardFilter) {
    const where = scopeWhere(scope, CARD_SCOPE);
    let q = this.db.selectFrom('grant_card');
    if (where) q = q.where(where);
    if (f.cardNo) q = q.where(containsText('grant_card.card_no', f.cardNo));
    if (f.title) q = q.where(containsText('grant_card.title', f.title));
    if (f.status) q = q.where('grant_card.status', '=', f.status);
    return q;
  }

  async page(scope: Scope, f: CardFilter, current: number, size: number) {
    const [rows, count] = await Promise.all([
      this.withNames(this.listed(scope, f))
        .orderBy('grant_card.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.listed(scope, f)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  private withNames<Q extends ReturnType<GrantCardsRepository['listed']>>(q: Q) {
    return q
      .leftJoin('app_user as pi', 'pi.id', 'grant_card.pi_id')
      .leftJoin('dept as d', 'd.id', 'grant_card.dept_id')
      .selectAll('grant_card')
      .select(['pi.real_name as pi_name', 'pi.user_name as pi_user', 'd.name as dept_name']);
  }

  async card(id: number, scope: Scope) {
    const row = await this.withNames(this.listed(scope, {})).where('grant_card.id', '=', id).executeTakeFirst();
    return row && { ...row, ...normalise(row) };
  }

  async cardInInstitute(id: number, instituteId: number): Promise<CardRow | undefined> {
    const row = await this.db.selectFrom('grant_card').selectAll().where('id', '=', id).where('institute_id', '=', instituteId).executeTakeFirst();
    return row && normalise(row);
  }

  byNo(instituteId: number, cardNo: string) {
    return this.db.selectFrom('grant_card').selectAll().where('institute_id', '=', instituteId).where('card_no', '=', cardNo).executeTakeFirst();
  }

  async heldBy(userId: number): Promise<number[]> {
    return (await this.db.selectFrom('grant_card').select('id').where('pi_id', '=', userId).execute()).map((r) => r.id);
  }

  /** A card by its number with its PI's name (他人代付 lookup at checkout). */
  async cardByNo(instituteId: number, cardNo: string) {
    const row = await this.db
      .selectFrom('grant_card')
      .leftJoin('app_user as pi', 'pi.id', 'grant_card.pi_id')
      .selectAll('grant_card')
      .select('pi.real_name as pi_name')
      .where('grant_card.institute_id', '=', instituteId)
      .where('grant_card.card_no', '=', cardNo)
      .executeTakeFirst();
    return row && { ...normalise(row), pi_name: row.pi_name };
  }

  /** A card's budget lines with their balance rows. */
  lines(cardId: number) {
    return cardLines(this.db, [cardId]);
  }

  linesOfCards(cardIds: number[]) {
    return cardLines(this.db, cardIds);
  }

  /** The open freeze of each sub-order, and which were frozen or drawn (the ledger's reading). */
  openFreezes(subIds: number[]) {
    return openFreezes(this.db, subIds);
  }

  /** The top-level goods category of each item (its leaf's parent, or the leaf itself at the top). */
  async topCategories(itemIds: number[]): Promise<Map<number, string>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('item')
      .innerJoin('category as c', 'c.id', 'item.category_id')
      .leftJoin('category as p', 'p.id', 'c.parent_id')
      .select(['item.id', 'c.name as leaf', 'p.name as top'])
      .where('item.id', 'in', itemIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.top ?? r.leaf]));
  }

  members(cardId: number) {
    return this.db
      .selectFrom('grant_card_member as m')
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .select(['u.id as userId', 'u.real_name as realName', 'u.user_name as userName'])
      .where('m.card_id', '=', cardId)
      .orderBy('u.id')
      .execute();
  }

  memberIds(cardId: number) {
    return this.db
      .selectFrom('grant_card_member')
      .select('user_id')
      .where('card_id', '=', cardId)
      .execute()
      .then((r) => r.map((x) => x.user_id));
  }

  /** Buyers (account type 1) who belong to the institute through one of their departments. */
  async usersOfInstitute(instituteId: number, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('app_user as u')
      .innerJoin('user_dept as ud', 'ud.user_id', 'u.id')
      .innerJoin('dept', 'dept.id', 'ud.dept_id')
      .select('u.id')
      .distinct()
      .where('u.id', 'in', ids)
      .where('u.account_type', '=', 1)
      .where('dept.institute_id', '=', instituteId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** People of the institute (buyers) by name or login, for choosing a card's PI and members. */
  people(instituteId: number, keyword: string | undefined) {
    let q = this.db
      .selectFrom('app_user as u')
      .select(['u.id as userId', 'u.real_name as realName', 'u.user_name as userName'])
      .where('u.account_type', '=', 1)
      .where('u.status', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_dept as ud')
            .innerJoin('dept', 'dept.id', 'ud.dept_id')
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'u.id')
            .where('dept.institute_id', '=', instituteId),
        ),
      );
    if (keyword) q = q.where((eb) => eb.or([containsText('u.real_name', keyword), containsText('u.user_name', keyword)]));
    return q.orderBy('u.id').limit(30).execute();
  }

  /** The institute an API client (an institute's finance system) is bound to; null when none or disabled. */
  async clientInstitute(clientId: string) {
    const row = await this.db.selectFrom('api_client').select('institute_id').where('client_id', '=', clientId).where('status', '=', 1).executeTakeFirst();
    return row?.institute_id ?? null;
  }

  userByName(userName: string) {
    return this.db.selectFrom('app_user').select(['id', 'user_name']).where('user_name', '=', userName).executeTakeFirst();
  }

  deptInInstitute(deptId: number, instituteId: number) {
    return this.db.selectFrom('dept').select('id').where('id', '=', deptId).where('institute_id', '=', instituteId).executeTakeFirst();
  }

  insertCard(row: Insertable<GrantCardTable>) {
    return this.db.insertInto('grant_card').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updateCard(id: number, set: Partial<Insertable<GrantCardTable>>) {
    return this.db.updateTable('grant_card').set(set).where('id', '=', id).execute();
  }

  /**
   * Set a card's budget lines, matched by name: a kept line keeps its id and balance row (orders name
   * it), a new one is added, a dropped one is deleted. Inside the caller's transaction with the card
   * row locked: a line may not go below what it has frozen and drawn, and a line some order charges
   * may not be dropped.
   */
  async replaceLines(cardId: number, lines: { name: string; amount: number }[]) {
    const before = await cardLines(this.db, [cardId]);
    for (const l of lines) {
      const old = before.find((b) => b.name === l.name);
      if (old && l.amount < old.frozen + old.drawn) fail('BAD_REQUEST', `预算科目「${l.name}」金额不能低于已冻结与已支出之和 ¥${yuan(old.frozen + old.drawn)}`);
    }
    const dropped = before.filter((b) => !lines.some((l) => l.name === b.name));
    if (dropped.length) {
      const used = await this.db
        .selectFrom('sub_order')
        .select('budget_line_id')
        .where(
          'budget_line_id',
          'in',
          dropped.map((d) => d.id),
        )
        .executeTakeFirst();
      const inUse = dropped.find((d) => d.id === used?.budget_line_id || d.frozen !== 0 || d.drawn !== 0);
      if (inUse) fail('BAD_REQUEST', `预算科目「${inUse.name}」已有订单使用，不能删除`);
      await this.db
        .deleteFrom('grant_card_line')
        .where(
          'id',
          'in',
          dropped.map((d) => d.id),
        )
        .execute();
    }
    for (const l of lines) {
      const old = before.find((b) => b.name === l.name);
      if (old) {
        if (old.amount !== l.amount) await this.db.updateTable('grant_card_line').set({ amount: l.amount }).where('id', '=', old.id).execute();
      } else await this.db.insertInto('grant_card_line').values({ card_id: cardId, name: l.name, amount: l.amount }).execute();
    }
  }

  async replaceMembers(cardId: number, userIds: number[]) {
    await this.db.deleteFrom('grant_card_member').where('card_id', '=', cardId).execute();
    if (userIds.length)
      await this.db
        .insertInto('grant_card_member')
        .values(userIds.map((user_id) => ({ card_id: cardId, user_id })))
        .execute();
    // a user who may no longer charge the card loses it as their default
    await this.db
      .deleteFrom('grant_card_default')
      .where('card_id', '=', cardId)
      .where('user_id', 'not in', userIds.length ? userIds : [0])
      .where('user_id', 'not in', (eb) => eb.selectFrom('grant_card').select('pi_id').where('id', '=', cardId))
      .execute();
  }

  /** Cards of an institute this user may charge (as PI or member), any status: the caller decides which are usable. */
  chargeable(userId: number, instituteId: number) {
    return this.db
      .selectFrom('grant_card')
      .selectAll()
      .where('institute_id', '=', instituteId)
      .where((eb) =>
        eb.or([
          eb('pi_id', '=', userId),
          eb.exists(eb.selectFrom('grant_card_member as m').select('m.card_id').whereRef('m.card_id', '=', 'grant_card.id').where('m.user_id', '=', userId)),
        ]),
      )
      .orderBy('id')
      .execute()
      .then((rows) => rows.map(normalise));
  }

  defaultCard(userId: number) {
    return this.db
      .selectFrom('grant_card_default')
      .select('card_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
      .then((r) => r?.card_id ?? null);
  }

  async setDefault(userId: number, cardId: number) {
    await this.db.deleteFrom('grant_card_default').where('user_id', '=', userId).execute();
    await this.db.insertInto('grant_card_default').values({ user_id: userId, card_id: cardId }).execute();
  }

  private ledgerQuery(cardId: number) {
    return this.db.selectFrom('budget_entry as e').where('e.card_id', '=', cardId);
  }

  async ledger(cardId: number, current: number, size: number | null) {
    let q = this.ledgerQuery(cardId)
      .leftJoin('purchase_order as o', 'o.id', 'e.order_id')
      .leftJoin('sub_order as s', 's.id', 'e.sub_order_id')
      .leftJoin('claim as c', 'c.id', 'e.claim_id')
      .leftJoin('app_user as u', 'u.id', 'e.actor_id')
      .leftJoin('grant_card_line as l', 'l.id', 'e.line_id')
      .selectAll('e')
      .select(['o.order_no', 's.sub_no', 'c.claim_no', 'u.real_name as actor_name', 'u.user_name as actor_user', 'l.name as line_name'])
      .orderBy('e.id', 'desc');
    if (size !== null) q = q.limit(size).offset((current - 1) * size);
    const [rows, count] = await Promise.all([
      q.execute(),
      this.ledgerQuery(cardId)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  subIdsOfOrders(orderIds: number[]) {
    return this.db.selectFrom('sub_order').select(['id', 'order_id', 'status', 'total_amount', 'budget_line_id']).where('order_id', 'in', orderIds).execute();
  }

  async cardsByIds(ids: number[]): Promise<Map<number, CardRow>> {
    const rows = await this.db.selectFrom('grant_card').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, normalise(r)]));
  }
}
