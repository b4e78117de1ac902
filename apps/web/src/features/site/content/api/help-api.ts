import type { HelpNode } from '@kc/contracts/site/content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { isLoggedIn } from '../../../../lib/session.ts';

export type { HelpNode };

export const helpTreeKey = ['uac', 'help', 'tree'] as const;

/** 帮助中心三级菜单与内容 GET /uac/v1/help/tree */
export function getHelpTree(): Promise<HelpNode[]> {
  return api.get<HelpNode[]>('/uac/v1/help/tree');
}

/** 新增帮助条目 POST /uac/v1/help/add */
export function addHelp(body: { parentId: number | null; meun: string; content: string; sort: number }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/uac/v1/help/add', body);
}

/** 修改帮助条目 PUT /uac/v1/help/update */
export function updateHelp(body: { id: number; meun: string; content: string; sort: number }): Promise<null> {
  return api.put<null>('/uac/v1/help/update', body);
}

/** 删除帮助条目 DELETE /uac/v1/help/delete/{id} */
export function deleteHelp(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/help/delete/${id}`);
}

export function useHelpTree(enabled = true) {
  return useQuery({ queryKey: helpTreeKey, queryFn: getHelpTree, enabled: enabled && isLoggedIn(), staleTime: 60_000 });
}
