import type { GrantRow } from '../../rbac/grants.repository.ts';
import type { ExportGrants } from './export.service.ts';

/**
 * The export flag from the user's grants, as getUserAllInfo's authorityList reports it
 * (exportJurisdiction): several roles may grant one page, and any one with the flag is enough.
 */
export function exportGrantsFrom(grants: { userGrants(userId: number): Promise<GrantRow[]> }): ExportGrants {
  return {
    async canExport(userId, permCode) {
      return (await grants.userGrants(userId)).some((g) => g.perm_code === permCode && g.export_flag === 1);
    },
  };
}
