import { useQuery } from '@tanstack/react-query';
import { isLoggedIn } from '../../../lib/session.ts';
import { getUserAllInfo } from './auth-api.ts';
import { getLoginUserOptionalDept } from './dept-api.ts';

export const userAllInfoKey = ['uac', 'userAllInfo'] as const;
export const optionalDeptKey = ['uac', 'optionalDept'] as const;

/** The logged-in user with menus, modules and permissions. */
export function useUserAllInfo() {
  return useQuery({ queryKey: userAllInfoKey, queryFn: getUserAllInfo, enabled: isLoggedIn(), staleTime: 5 * 60_000 });
}

/** The units the logged-in user may work in. */
export function useOptionalDepts(enabled = true) {
  return useQuery({ queryKey: optionalDeptKey, queryFn: getLoginUserOptionalDept, enabled: enabled && isLoggedIn() });
}
