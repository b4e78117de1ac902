import type { ResourceAddBody, ResourceNode, ResourceUpdateBody } from '@kc/contracts/identity/rbac';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { fail } from '../../../platform/http/errors.ts';
import { nestTree } from '../../../platform/tree.ts';
import type { ResourceRepository, ResourceValues } from './resource.repository.ts';

export interface ResourceDeps {
  resources: ResourceRepository;
  callers: CallerCache;
}

/** Resource types allowed on each side: menus and buttons for the platform, modules and functions for suppliers. */
const TYPES_OF_SIDE: Record<number, string[]> = { 1: ['menu', 'button'], 2: ['module', 'function'] };

const checkType = (side: number, type: string) => {
  if (!TYPES_OF_SIDE[side]?.includes(type))
    fail('BAD_REQUEST', side === 1 ? '平台端资源类型只能为 menu 或 button' : '供应商端资源类型只能为 module 或 function');
};

const values = (b: ResourceAddBody | ResourceUpdateBody): ResourceValues => ({
  name: b.name,
  type: b.type,
  path: b.path || null,
  routeName: b.routeName || null,
  component: b.component || null,
  icon: b.icon || null,
  permCode: b.permCode ?? null,
  sort: b.sort ?? 0,
});

/** The resource catalogue. Platform admin only: it defines what every permission name means. */
export class ResourceService {
  constructor(private readonly d: ResourceDeps) {}

  private admin(c: Caller) {
    // the route checks the permission; the catalogue is the platform's, so a granted copy is not enough
    if (!isPlatformAdmin(c)) fail('FORBIDDEN', '仅平台管理员可以管理资源');
  }

  async tree(c: Caller, side: number): Promise<ResourceNode[]> {
    this.admin(c);
    const rows = await this.d.resources.listSide(side);
    return nestTree(
      rows.map((r) => ({ ...r, parentId: r.parent_id })),
      (r) => ({
        id: r.id,
        parentId: r.parent_id,
        name: r.name,
        type: r.type,
        side: r.side,
        path: r.path,
        routeName: r.route_name,
        component: r.component,
        icon: r.icon,
        permCode: r.perm_code,
        sort: r.sort,
        child: [],
      }),
    );
  }

  private async mustFind(id: number) {
    const r = await this.d.resources.findById(id);
    if (!r) return fail('NOT_FOUND', '资源不存在');
    return r;
  }

  async add(c: Caller, b: ResourceAddBody, ip: string) {
    this.admin(c);
    checkType(b.side, b.type);
    const parentId = b.parentId ?? null;
    if (parentId !== null) {
      const p = await this.mustFind(parentId);
      if (p.side !== b.side) fail('BAD_REQUEST', '上级资源属于另一端，不能挂在其下');
    }
    const id = await this.d.resources.transaction(async (trx) => {
      const id = await this.d.resources.insert(trx, parentId, b.side, values(b));
      await writeAudit(trx, { userId: c.userId, action: 'resource.add', target: `resource:${id}`, detail: b, ip });
      return id;
    });
    return { id };
  }

  async update(c: Caller, b: ResourceUpdateBody, ip: string) {
    this.admin(c);
    const r = await this.mustFind(b.id);
    checkType(r.side, b.type);
    await this.d.resources.transaction(async (trx) => {
      await this.d.resources.update(trx, r.id, values(b));
      await writeAudit(trx, {
        userId: c.userId,
        action: 'resource.update',
        target: `resource:${r.id}`,
        detail: { before: { name: r.name, type: r.type, permCode: r.perm_code, path: r.path }, after: b },
        ip,
      });
    });
    // a changed permission name changes what every holder may call
    await this.d.callers.invalidate();
  }

  async delete(c: Caller, id: number, ip: string) {
    this.admin(c);
    const r = await this.mustFind(id);
    await this.d.resources.transaction(async (trx) => {
      const u = await this.d.resources.usage(r.id, trx);
      if (u.children > 0) fail('BAD_REQUEST', `该资源下还有 ${u.children} 个子资源，请先删除子资源`);
      if (u.grants > 0) fail('BAD_REQUEST', `该资源已授予 ${u.grants} 个角色，请先取消授权后再删除`);
      await this.d.resources.delete(trx, r.id);
      await writeAudit(trx, { userId: c.userId, action: 'resource.delete', target: `resource:${r.id}`, detail: { name: r.name, permCode: r.perm_code }, ip });
    });
  }
}
