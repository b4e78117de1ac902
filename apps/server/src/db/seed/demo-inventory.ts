import type { Kysely } from 'kysely';
import type { InventoryService } from '../../modules/ledgers/inventory/index.ts';
import { loadCaller } from '../../platform/auth/caller.repository.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

/** Storage rooms of the two demo institutes: ordinary reagent cabinets and one locked 危化品柜 each. */
const LOCATIONS: Record<string, { building: string; room: string; cabinet: string; shelf: string; hazard: number; custodian: string | null }[]> = {
  ICCAS: [
    { building: '化学所1号楼', room: 'A301', cabinet: '试剂柜1', shelf: '第1层', hazard: 0, custodian: '王晓明' },
    { building: '化学所1号楼', room: 'A301', cabinet: '试剂柜1', shelf: '第2层', hazard: 0, custodian: '王晓明' },
    { building: '化学所1号楼', room: 'A305', cabinet: '危化品柜', shelf: '第1层', hazard: 1, custodian: '李明华' },
  ],
  SIMM: [
    { building: '药物所2号楼', room: '412', cabinet: '试剂柜A', shelf: '第3层', hazard: 0, custodian: '林芳' },
    { building: '药物所2号楼', room: '415', cabinet: '危化品柜', shelf: '第1层', hazard: 1, custodian: '何军' },
  ],
};

const DAY = 86_400_000;

/**
 * The demo's stock: storage locations for both institutes, and the containers the accepted demo
 * orders produced put on shelves (hazardous ones in the 危化品柜) with the lots and expiry dates a
 * supplier prints on the bottle (the demo shipments carried none), one of them near expiry; then a
 * member takes some out through the inventory service, so the ledger shows a real 领用.
 * Runs once (after the demo orders, app.ts), while no location exists.
 */
export async function seedDemoInventory(db: Kysely<DB>, inventory: InventoryService) {
  if (await db.selectFrom('inventory_location').select('id').limit(1).executeTakeFirst()) return;
  const now = nowIso();
  for (const [code, locs] of Object.entries(LOCATIONS)) {
    const inst = await db.selectFrom('institute').select('id').where('code', '=', code).executeTakeFirst();
    if (!inst) continue;
    const ids: { id: number; hazard: number }[] = [];
    for (const l of locs) {
      const row = await db
        .insertInto('inventory_location')
        .values({
          institute_id: inst.id,
          dept_id: null,
          building: l.building,
          room: l.room,
          cabinet: l.cabinet,
          shelf: l.shelf,
          hazard_cabinet: l.hazard,
          custodian: l.custodian,
          remark: l.hazard ? '双人双锁，领用须两人' : null,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push({ id: row.id, hazard: l.hazard });
    }
    const containers = await db
      .selectFrom('inventory_container')
      .select(['id', 'hazard', 'controlled', 'created_at', 'sub_order_id'])
      .where('institute_id', '=', inst.id)
      .orderBy('id')
      .execute();
    const plain = ids.filter((l) => !l.hazard);
    const cabinet = ids.find((l) => l.hazard);
    for (const [i, c] of containers.entries()) {
      const hazardous = c.controlled || c.hazard;
      const loc = hazardous ? cabinet : plain[i % plain.length];
      const made = Date.parse(c.created_at);
      // most bottles keep two years; the first of each institute expires in three weeks (the 临期 filter shows it)
      const expires = new Date(i === 0 ? Date.now() + 21 * DAY : made + 730 * DAY).toISOString().slice(0, 10);
      await db
        .updateTable('inventory_container')
        .set({
          location_id: loc?.id ?? null,
          lot_no: `${code === 'ICCAS' ? 'P' : 'S'}${c.created_at.slice(2, 7).replace('-', '')}${String(c.sub_order_id ?? 0).padStart(3, '0')}`,
          expires_on: expires,
        })
        .where('id', '=', c.id)
        .execute();
    }
  }
  // a member of 李明华课题组 takes a fifth of the first ordinary bottle for an experiment
  const first = await db
    .selectFrom('inventory_container as c')
    .innerJoin('institute as i', 'i.id', 'c.institute_id')
    .select(['c.id', 'c.quantity_total', 'c.unit'])
    .where('i.code', '=', 'ICCAS')
    .where('c.controlled', '=', 0)
    .where('c.hazard', '=', '')
    .orderBy('c.id')
    .executeTakeFirst();
  const user = await db.selectFrom('app_user').select('id').where('user_name', '=', 'buyer1').executeTakeFirst();
  const base = user && (await loadCaller(db, user.id));
  if (first && base && 'userId' in base)
    await inventory.stockOut(
      { caller: { ...base, fid: 'demo-seed', aclVersion: null }, ip: '127.0.0.1' },
      { lines: [{ containerId: first.id, amount: Math.max(1, Math.round(Number(first.quantity_total) / 5)), unit: first.unit }], purpose: '课题组实验用' },
    );
}
