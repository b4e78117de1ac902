import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { type DemoProject, PROJECTS } from './demo-bid-projects.ts';

const DAY = 86_400_000;
const at = (days: number, hour = 9) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + (hour - 8) * 3600_000).toISOString();

type Trx = Transaction<DB>;
/** The buyer the projects belong to, with the department and team they are bought for. */
type Buyer = { id: number; institute_id: number; dept_id: number; team_id: number | null };

/**
 * Demo 招标采购 for 化学所 buyer1 (李明华课题组): two projects in bidding (one with sealed bids), one
 * opened and waiting for the award, one failed (one valid bid) and one closed. Written directly with
 * the verdicts the opening would write; the bidding ones are opened by the sweep job when their
 * deadline passes.
 */
export async function seedDemoBids(trx: Transaction<DB>) {
  const buyer = await trx.selectFrom('app_user').select(['id', 'institute_id']).where('user_name', '=', 'buyer1').executeTakeFirst();
  if (!buyer?.institute_id) return;
  const ud = await trx.selectFrom('user_dept').select(['dept_id', 'team_id']).where('user_id', '=', buyer.id).executeTakeFirst();
  const suppliers = (await trx.selectFrom('supplier').select('id').orderBy('id').execute()).map((s) => s.id);
  if (!ud || suppliers.length < 3) return;
  for (const p of PROJECTS) {
    const opened = p.state === 'opened' || p.state === 'failed';
    const id = await insertProject(trx, p, { ...buyer, institute_id: buyer.institute_id, dept_id: ud.dept_id, team_id: ud.team_id }, opened);
    const lineIds = await insertLines(trx, p, id);
    if (p.mode === 'invited')
      await trx
        .insertInto('bid_project_supplier')
        .values(suppliers.slice(0, 3).map((s) => ({ project_id: id, supplier_id: s })))
        .execute();
    await insertOffers(trx, p, id, lineIds, suppliers, opened);
    await insertLog(trx, p, id, buyer.id, opened);
  }
}

/** The project as published (opened ones with the time of the opening), answering its id. */
async function insertProject(trx: Trx, p: DemoProject, buyer: Buyer, opened: boolean) {
  const { id } = await trx
    .insertInto('bid_project')
    .values({
      project_no: p.no,
      title: p.title,
      institute_id: buyer.institute_id,
      dept_id: buyer.dept_id,
      team_id: buyer.team_id,
      buyer_id: buyer.id,
      ceiling_amount: p.ceiling,
      deadline: at(p.deadline, 17),
      address_id: null,
      recv_province: '北京市',
      recv_city: '北京市',
      recv_district: '海淀区',
      recv_detail: '中关村北一街2号 化学所1号楼301',
      recv_contact: '王晓明',
      recv_phone: '13810230001',
      invite_mode: p.mode,
      remark: '报价含税含运费，送货至实验室；请注明品牌与货期',
      state: p.state,
      round: 1,
      opened_at: opened ? at(p.deadline, 17) : null,
      winner_bid_id: null,
      order_id: null,
      close_reason: p.closeReason ?? null,
      published_at: at(p.published),
      created_at: at(p.published),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The project's lines, numbered from 1, answering their ids in order. */
async function insertLines(trx: Trx, p: DemoProject, id: number) {
  const lineIds: number[] = [];
  for (const [i, l] of p.lines.entries()) {
    const r = await trx
      .insertInto('bid_project_line')
      .values({ project_id: id, line_no: i + 1, ...l })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(r.id);
  }
  return lineIds;
}

/** The bids with their lines: ranked by amount, then time, once opened. */
async function insertOffers(trx: Trx, p: DemoProject, id: number, lineIds: number[], suppliers: number[], opened: boolean) {
  const totals = p.bids.map((b) => b.prices.reduce((s, x, i) => s + x * p.lines[i].quantity, 0));
  const order = p.bids.map((_, i) => i).sort((a, b) => totals[a] - totals[b] || p.bids[a].after - p.bids[b].after);
  for (const [i, b] of p.bids.entries()) {
    const submitted = new Date(Date.parse(at(p.published)) + b.after * 60_000).toISOString();
    const valid = opened && p.state === 'opened';
    const user = await trx.selectFrom('app_user').select('id').where('supplier_id', '=', suppliers[b.s]).orderBy('id').executeTakeFirstOrThrow();
    const offer = await trx
      .insertInto('bid_offer')
      .values({
        project_id: id,
        round: 1,
        supplier_id: suppliers[b.s],
        total_amount: totals[i],
        delivery_days: 3 + b.s * 2,
        remark: '',
        void: 0,
        // failed: the one bid is valid but alone; opened: ranked by amount, then time
        rank: valid ? order.indexOf(i) + 1 : opened ? 1 : null,
        invalid_reason: null,
        submitted_by: user.id,
        submitted_at: submitted,
        created_at: submitted,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('bid_offer_line')
      .values(b.prices.map((x, j) => ({ offer_id: offer.id, line_id: lineIds[j], unit_price: x, amount: x * p.lines[j].quantity })))
      .execute();
  }
}

/** The project's log: published, then opened or closed. */
async function insertLog(trx: Trx, p: DemoProject, id: number, buyerId: number, opened: boolean) {
  const log: { action: string; from_state: string | null; to_state: string; actor_id: number | null; detail: string | null; created_at: string }[] = [
    { action: 'publish', from_state: null, to_state: 'bidding', actor_id: buyerId, detail: null, created_at: at(p.published) },
  ];
  if (opened)
    log.push({
      action: 'open',
      from_state: 'bidding',
      to_state: p.state,
      actor_id: null,
      detail: `投标 ${p.bids.length} 家，有效 ${p.bids.length} 家${p.state === 'failed' ? '，不足 3 家流标' : ''}`,
      created_at: at(p.deadline, 17),
    });
  if (p.state === 'closed')
    log.push({
      action: 'close',
      from_state: 'bidding',
      to_state: 'closed',
      actor_id: buyerId,
      detail: p.closeReason ?? null,
      created_at: at(p.deadline - 1),
    });
  await trx
    .insertInto('bid_log')
    .values(log.map((l) => ({ ...l, project_id: id, round: 1 })))
    .execute();
}
