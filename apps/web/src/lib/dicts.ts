import type { DictConfigVO, DictEntry } from '@kc/contracts/dicts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** How often an open page asks whether the dictionaries changed (the server answers `changed: false` when not). */
export const DICT_POLL_MS = 5000;

/**
 * The current unit's dictionaries (GET /uac/v1/dict/queryConfig), cached by institute and version
 * (DOMAINS C4: keyed by institute so a unit switch gets its own, dropped with the session at logout).
 * Each poll sends the version it holds; an unchanged answer keeps the held lists.
 */
export function useDicts(instituteId: number | null | undefined) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['dicts', instituteId ?? 0],
    queryFn: async ({ queryKey }) => {
      const held = client.getQueryData<DictConfigVO>(queryKey);
      const fresh = await api.get<DictConfigVO>('/uac/v1/dict/queryConfig', held ? { version: held.version } : undefined);
      return fresh.changed || !held ? fresh : { ...held, version: fresh.version };
    },
    refetchInterval: DICT_POLL_MS,
    staleTime: 0,
  });
  const entries = (code: string): DictEntry[] => q.data?.dicts[code] ?? [];
  const label = (code: string, value: string | null | undefined) => (value ? (entries(code).find((e) => e.value === value)?.label ?? value) : '');
  return { ...q, entries, label };
}
