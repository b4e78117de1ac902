import { PUBLIC_SIGN_KEY, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/platform/signing';
import type { Kysely, Transaction } from 'kysely';
import { sha256Hex } from '../../platform/auth/tokens.ts';
import { nowIso } from '../../platform/db/database.ts';
import { PLATFORM_DEPT_ID } from '../../platform/db/platform-dept.ts';
import type { DB } from '../../platform/db/schema.ts';
import { RESOURCES, type ResourceSeed, ROLES } from './resources.ts';

/**
 * Express companies a supplier picks from when delivering (the admin manages the list). The
 * tracking address is a template: {no} becomes the tracking number (kuaidi100 names each company
 * by its own code, written into the address here).
 */
const KUAIDI100 = (com: string) => `https://www.kuaidi100.com/chaxun?com=${com}&nu={no}`;
const EXPRESS_CHANNELS = [
  { name: '顺丰速运', code: 'SF', tracking_url: KUAIDI100('shunfeng') },
  { name: '京东物流', code: 'JD', tracking_url: KUAIDI100('jd') },
  { name: '中通快递', code: 'ZTO', tracking_url: KUAIDI100('zhongtong') },
  { name: '圆通速递', code: 'YTO', tracking_url: KUAIDI100('yuantong') },
  { name: 'EMS', code: 'EMS', tracking_url: KUAIDI100('ems') },
  { name: '德邦快递', code: 'DBL', tracking_url: KUAIDI100('debangwuliu') },
  { name: '供应商自送', code: 'SELF', tracking_url: null },
];

export { PLATFORM_DEPT_ID };

/**
 * Data every installation needs, demo or not: the web client credential, department 1,
 * the resource catalogue and the built-in roles. Idempotent: runs at every start.
 */
export async function ensureBaseData(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const client = await trx.selectFrom('api_client').select('id').where('client_id', '=', WEB_CLIENT_ID).executeTakeFirst();
    if (!client) {
      await trx
        .insertInto('api_client')
        .values({
          client_id: WEB_CLIENT_ID,
          secret_hash: sha256Hex(WEB_CLIENT_SECRET),
          sign_key: PUBLIC_SIGN_KEY,
          name: '科研采购平台网页端',
          status: 1,
          created_at: now,
        })
        .execute();
    }
    const dept1 = await trx.selectFrom('dept').select('id').where('id', '=', PLATFORM_DEPT_ID).executeTakeFirst();
    if (!dept1) {
      const { id } = await trx
        .insertInto('dept')
        .values({ institute_id: null, parent_id: null, name: '平台直属（未认证）', path: '/', sort: 0, status: 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (id !== PLATFORM_DEPT_ID) throw new Error('部门 1 必须是平台部门：请在空数据库上启动');
      await trx
        .updateTable('dept')
        .set({ path: `/${id}/` })
        .where('id', '=', id)
        .execute();
    }
    const hasChannels = await trx.selectFrom('express_channel').select('id').limit(1).executeTakeFirst();
    if (!hasChannels)
      await trx
        .insertInto('express_channel')
        .values(EXPRESS_CHANNELS.map((c, i) => ({ ...c, status: 1, sort: i })))
        .execute();
    // menus, modules and roles added to the code after an installation's first start are added to
    // it too: each resource is matched by name under its parent, inserted when missing, and the
    // built-in roles that the code grants it receive it
    const keyToId = await resourceIdsByKey(trx);
    const added: string[] = [];
    let sort =
      (
        await trx
          .selectFrom('resource')
          .select((eb) => eb.fn.max('sort').as('m'))
          .executeTakeFirst()
      )?.m ?? 0;
    const insertTree = async (nodes: ResourceSeed[], parentId: number | null) => {
      for (const n of nodes) {
        let id = keyToId.get(n.key);
        if (id === undefined) {
          ({ id } = await trx
            .insertInto('resource')
            .values({
              parent_id: parentId,
              name: n.name,
              type: n.type,
              side: n.side,
              path: n.path ?? null,
              route_name: n.routeName ?? null,
              component: n.component ?? null,
              icon: n.icon ?? null,
              perm_code: n.perm ?? null,
              sort: ++sort,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow());
          keyToId.set(n.key, id);
          added.push(n.key);
        }
        if (n.children) await insertTree(n.children, id);
      }
    };
    await insertTree(RESOURCES, null);
    const rolesBefore = new Set((await trx.selectFrom('role').select('code').where('built_in', '=', 1).execute()).map((r) => r.code));
    await insertBuiltInRoles(trx, keyToId, now);
    if (rolesBefore.size) await grantAdded(trx, rolesBefore, added, keyToId);
  });
}

/** Resources new to an existing installation, granted to the built-in roles (that existed before) whose seed grants them. */
async function grantAdded(trx: Transaction<DB>, roleCodes: Set<string>, added: string[], keyToId: Map<string, number>) {
  if (added.length === 0) return;
  const sideOf = new Map<string, number>();
  const walk = (nodes: ResourceSeed[]) => {
    for (const n of nodes) {
      sideOf.set(n.key, n.side);
      if (n.children) walk(n.children);
    }
  };
  walk(RESOURCES);
  const roles = await trx
    .selectFrom('role')
    .select(['id', 'code'])
    .where('built_in', '=', 1)
    .where('code', 'in', [...roleCodes])
    .execute();
  for (const role of roles) {
    const seed = ROLES.find((r) => r.code === role.code);
    if (!seed) continue;
    const keys = added.filter((k) => (seed.grants === '*' ? sideOf.get(k) === seed.side : seed.grants.includes(k)));
    const f = seed.flags ? 1 : 0;
    if (keys.length)
      await trx
        .insertInto('authority')
        .values(
          keys.map((k) => ({
            role_id: role.id,
            resource_id: keyToId.get(k) as number,
            add_flag: f,
            modify_flag: f,
            delete_flag: f,
            export_flag: f,
            limit_tab: '',
          })),
        )
        .execute();
  }
}

/** The ids of an existing installation's resources by their seed keys: each matched by name under its matched parent. */
async function resourceIdsByKey(trx: Transaction<DB>): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('resource').select(['id', 'parent_id', 'name', 'side']).execute();
  const out = new Map<string, number>();
  const walk = (nodes: ResourceSeed[], parentId: number | null) => {
    for (const n of nodes) {
      const row = rows.find((r) => r.parent_id === parentId && r.name === n.name && r.side === n.side);
      if (!row) continue;
      out.set(n.key, row.id);
      if (n.children) walk(n.children, row.id);
    }
  };
  walk(RESOURCES, null);
  return out;
}

async function insertBuiltInRoles(trx: Transaction<DB>, keyToId: Map<string, number>, now: string) {
  const sideOf = new Map<string, number>();
  const walk = (nodes: ResourceSeed[]) => {
    for (const n of nodes) {
      sideOf.set(n.key, n.side);
      if (n.children) walk(n.children);
    }
  };
  walk(RESOURCES);
  const have = new Set((await trx.selectFrom('role').select('code').where('built_in', '=', 1).execute()).map((r) => r.code));
  for (const r of ROLES) {
    if (have.has(r.code)) continue;
    const { id: roleId } = await trx
      .insertInto('role')
      .values({
        name: r.name,
        code: r.code,
        data_scope: r.scope,
        side: r.side,
        institute_id: null,
        supplier_id: null,
        built_in: 1,
        remark: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keys = r.grants === '*' ? [...sideOf].filter(([, side]) => side === r.side).map(([k]) => k) : r.grants;
    const f = r.flags ? 1 : 0;
    const rows = keys.map((k) => {
      const resourceId = keyToId.get(k);
      if (resourceId === undefined) throw new Error(`未知资源：${k}`);
      return { role_id: roleId, resource_id: resourceId, add_flag: f, modify_flag: f, delete_flag: f, export_flag: f, limit_tab: '' };
    });
    if (rows.length) await trx.insertInto('authority').values(rows).execute();
  }
}
