import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { Candidate, RuleCheck } from './warning-check-types.ts';
import { addDays, daysBetween } from './warning-days.ts';

/**
 * The two rules on the inventory's containers (migration 029, module inventory): read-only queries
 * of `inventory_container`, the inventory's own table, which this module never writes.
 */

const INVENTORY_LINK = '/cass/inventory/containers';
const round1 = (n: number) => Math.round(n * 10) / 10;

/** 试剂临近过期: an in-stock container whose expiry day is within `threshold` days (or past). */
export const expiryCheck: RuleCheck = async (db, instituteId, threshold, today) => {
  const rows = await db
    .selectFrom('inventory_container')
    .select(['id', 'code', 'name', 'spec', 'lot_no', 'expires_on', 'quantity_left', 'unit', 'team_id', 'owner_id'])
    .where('institute_id', '=', instituteId)
    .where('state', '=', 'in_stock')
    .where('quantity_left', '>', 0)
    .where('expires_on', 'is not', null)
    .where('expires_on', '<=', addDays(today, threshold))
    .execute();
  return rows.map((r): Candidate => {
    const on = r.expires_on as string;
    const left = daysBetween(today, on);
    return {
      subjectKey: `container:${r.id}`,
      teamId: r.team_id,
      userId: r.owner_id,
      title: `${r.name} ${r.spec}${left < 0 ? '已过期' : '即将过期'}`,
      detail: `容器 ${r.code}${r.lot_no ? `（批号 ${r.lot_no}）` : ''}有效期至 ${on}${left < 0 ? `，已过期 ${-left} 天` : left === 0 ? '，今天到期' : `，还有 ${left} 天`}；剩余 ${round1(Number(r.quantity_left))}${r.unit}，请优先使用或按规定处置`,
      link: INVENTORY_LINK,
      dueOn: on,
    };
  });
};

/**
 * 库存不足: what a team (or, without a team, a person) holds of an item it has stocked, counted in
 * containers' worth (a half-used bottle is 0.5), is at or below `threshold`. The subject is the
 * item's newest container of that team: a restock clears the warning, and the next shortage is a
 * new subject, so it warns again.
 */
export const lowStockCheck: RuleCheck = async (db, instituteId, threshold, today) => {
  const since = addDays(today, -365);
  const low = (await heldByTeam(db, instituteId, since))
    .map((r) => ({ ...r, newest: Number(r.newest), worth: Number(r.worth ?? 0), left: Number(r.left ?? 0) }))
    .filter((r) => r.worth <= threshold);
  // whose it is: the buyer the newest container was ordered for
  const owners = new Map<number, number | null>();
  for (let i = 0; i < low.length; i += 500) {
    const ids = low.slice(i, i + 500).map((r) => r.newest);
    for (const o of await db.selectFrom('inventory_container').select(['id', 'owner_id']).where('id', 'in', ids).execute()) owners.set(o.id, o.owner_id);
  }
  return low.map((r): Candidate => {
    const holder = r.team_id === null ? `owner:${r.owner_id}` : `team:${r.team_id}`;
    return {
      subjectKey: `${holder}:item:${r.item_id}:${r.newest}`,
      teamId: r.team_id,
      userId: owners.get(r.newest) ?? null,
      title: `${r.name} ${r.spec} 库存不足`,
      detail: `在库剩余约 ${round1(r.worth)} 件（合 ${round1(r.left)}${r.unit}），不高于 ${threshold} 件，请及时补货`,
      link: INVENTORY_LINK,
      dueOn: null,
    };
  });
};

/** Per team (or owner, when the goods have no team) and item stocked within the year: containers' worth and amount left, and the newest container. */
function heldByTeam(db: Kysely<DB>, instituteId: number, since: string) {
  return db
    .selectFrom('inventory_container as c')
    .select((eb) => [
      'c.team_id',
      eb.fn.max('c.owner_id').as('owner_id'),
      'c.item_id',
      eb.fn.max('c.name').as('name'),
      eb.fn.max('c.spec').as('spec'),
      eb.fn.max('c.unit').as('unit'),
      eb.fn.max('c.id').as('newest'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('c.state', '=', 'in_stock')
            .then(eb('c.quantity_left', '/', eb.ref('c.quantity_total')))
            .else(0)
            .end(),
        )
        .as('worth'),
      eb.fn.sum<number>(eb.case().when('c.state', '=', 'in_stock').then(eb.ref('c.quantity_left')).else(0).end()).as('left'),
    ])
    .where('c.institute_id', '=', instituteId)
    .where('c.item_id', 'is not', null)
    .where('c.quantity_total', '>', 0)
    .where('c.created_at', '>=', since)
    .groupBy(['c.team_id', 'c.item_id', (eb) => eb.case().when('c.team_id', 'is', null).then(eb.ref('c.owner_id')).else(null).end()])
    .execute();
}
