import type { AuthNode, AuthorityInput } from '@kc/contracts/identity/rbac';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { fail } from '../../../platform/http/errors.ts';
import { nestTree } from '../../../platform/tree.ts';
import { inputAsGrant, normaliseTabs, withinHeld } from './grant-rules.ts';
import type { AuthorityValues, GrantsRepository } from './grants.repository.ts';
import type { ResourceRepository } from './resource.repository.ts';
import type { RoleService } from './role.service.ts';
import type { RoleGrants } from './role-grants.ts';

export interface AuthorityDeps {
  roles: RoleService;
  roleGrants: RoleGrants;
  grants: GrantsRepository;
  resources: ResourceRepository;
  callers: CallerCache;
}

/** A role's grants (authorities) with their per-page flags. Granting never exceeds the granter's own rights. */
export class AuthorityService {
  constructor(private readonly d: AuthorityDeps) {}

  /** The resource tree of the role's side; each node says whether the role has it and whether the caller may grant it. */
  async queryResourceAndAuth(c: Caller, roleId: number): Promise<AuthNode[]> {
    const role = await this.d.roles.visibleRole(c, roleId);
    const admin = isPlatformAdmin(c);
    const [resources, grants, held] = await Promise.all([
      this.d.resources.listSide(role.side),
      this.d.grants.ofRoles([role.id]),
      admin ? Promise.resolve(null) : this.d.roleGrants.held(c),
    ]);
    const byResource = new Map(grants.map((g) => [g.resource_id, g]));
    const tree = nestTree(
      resources.map((r) => ({ ...r, parentId: r.parent_id })),
      (r): AuthNode => {
        const g = byResource.get(r.id);
        return {
          id: r.id,
          parentId: r.parent_id,
          name: r.name,
          type: r.type,
          permCode: r.perm_code,
          checked: g !== undefined,
          grantable: held === null || held.has(r.id),
          addJurisdiction: g?.add_flag === 1,
          modifyJurisdiction: g?.modify_flag === 1,
          deleteJurisdiction: g?.delete_flag === 1,
          exportJurisdiction: g?.export_flag === 1,
          limitTab: g?.limit_tab ?? '',
          child: [],
        };
      },
    );
    return tree;
  }

  /**
   * Replaces a role's grants in one transaction. A caller other than the platform admin may grant only
   * resources they hold, with flags and tabs no wider than their own; grants of the role on resources
   * they do not hold are outside their reach and stay as they are.
   */
  async save(c: Caller, roleId: number, items: AuthorityInput[], ip: string) {
    const role = await this.d.roles.manageableRole(c, roleId);
    const ids = items.map((a) => a.resourceId);
    if (new Set(ids).size !== ids.length) fail('BAD_REQUEST', '授权列表中有重复的资源');
    const found = await this.d.resources.byIds(ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const missing = ids.filter((id) => byId.get(id)?.side !== role.side);
    if (missing.length) fail('BAD_REQUEST', `资源不存在或不属于该角色所在的端：${missing.join(',')}`);

    const held = isPlatformAdmin(c) ? null : await this.d.roleGrants.held(c);
    if (held) {
      const beyond = items.filter((a) => !withinHeld(inputAsGrant(a), held.get(a.resourceId)));
      if (beyond.length) {
        const names = beyond.map((a) => byId.get(a.resourceId)?.name).join('、');
        fail('FORBIDDEN', `不能授予超出您本人权限的资源或操作：${names}`);
      }
    }
    const given: AuthorityValues[] = items.map((a) => ({
      resource_id: a.resourceId,
      add_flag: a.addJurisdiction ? 1 : 0,
      modify_flag: a.modifyJurisdiction ? 1 : 0,
      delete_flag: a.deleteJurisdiction ? 1 : 0,
      export_flag: a.exportJurisdiction ? 1 : 0,
      limit_tab: normaliseTabs(a.limitTab),
    }));
    const count = await this.d.grants.transaction(async (trx) => {
      const kept: AuthorityValues[] = held
        ? (await this.d.grants.ofRoles([role.id], trx)).filter((e) => !held.has(e.resource_id)).map(({ role_id: _r, ...rest }) => rest)
        : [];
      await this.d.grants.replaceOfRole(trx, role.id, [...given, ...kept]);
      await writeAudit(trx, { userId: c.userId, action: 'auth.save', target: `role:${role.id}`, detail: { resourceIds: ids, kept: kept.length }, ip });
      return given.length + kept.length;
    });
    await this.d.callers.invalidate();
    return { roleId: role.id, count };
  }
}
