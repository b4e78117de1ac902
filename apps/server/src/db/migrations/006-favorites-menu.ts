import type { Kysely } from 'kysely';

const FAVORITES = { name: '我的收藏', path: '/cass/favorites', routeName: 'myFavorites', component: 'mall/favorites', perm: 'mall:favorite' };

/**
 * Adds the 我的收藏 menu to databases seeded before it existed. The resource catalogue is seeded
 * only into an empty resource table (seed/base-data.ts), so on a fresh database this does nothing
 * and the seed creates the menu with everything else. Otherwise the menu goes right after 收货地址
 * (same parent; later menus move down one place) and every built-in role holding 收货地址 gets it
 * with the same flags, as the seed grants it. Custom roles are left to whoever manages them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const exists = await db.selectFrom('resource').select('id').where('perm_code', '=', FAVORITES.perm).executeTakeFirst();
  const address = await db
    .selectFrom('resource')
    .select(['id', 'parent_id', 'sort'])
    .where('perm_code', '=', 'mall:address')
    .where('type', '=', 'menu')
    .executeTakeFirst();
  if (exists || !address) return;
  await db
    .updateTable('resource')
    .set((eb) => ({ sort: eb('sort', '+', 1) }))
    .where('side', '=', 1)
    .where('sort', '>', address.sort)
    .execute();
  const { id } = await db
    .insertInto('resource')
    .values({
      parent_id: address.parent_id,
      name: FAVORITES.name,
      type: 'menu',
      side: 1,
      path: FAVORITES.path,
      route_name: FAVORITES.routeName,
      component: FAVORITES.component,
      icon: null,
      perm_code: FAVORITES.perm,
      sort: address.sort + 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const grants = await db
    .selectFrom('authority')
    .innerJoin('role', 'role.id', 'authority.role_id')
    .select(['authority.role_id', 'authority.add_flag', 'authority.modify_flag', 'authority.delete_flag', 'authority.export_flag'])
    .where('authority.resource_id', '=', address.id)
    .where('role.built_in', '=', 1)
    .execute();
  if (grants.length)
    await db
      .insertInto('authority')
      .values(grants.map((g) => ({ ...g, resource_id: id, limit_tab: '' })))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const r = await db.selectFrom('resource').select(['id', 'sort']).where('perm_code', '=', FAVORITES.perm).executeTakeFirst();
  if (!r) return;
  await db.deleteFrom('authority').where('resource_id', '=', r.id).execute();
  await db.deleteFrom('resource').where('id', '=', r.id).execute();
  await db
    .updateTable('resource')
    .set((eb) => ({ sort: eb('sort', '-', 1) }))
    .where('side', '=', 1)
    .where('sort', '>', r.sort)
    .execute();
}
