import type { DictConfigVO, DictEntry } from '@kc/contracts/shared/dicts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client.ts';
import { useUserAllInfo } from './session-queries.ts';

/** How often an open page asks whether the dictionaries changed (the server answers `changed: false` when not). */
export const DICT_POLL_MS = 5000;

/**
 * The current unit's dictionaries (GET /uac/v1/dict/queryConfig), cached by institute and version
 * (docs/domains/shared.md#dictionary-cache: keyed by institute so a unit switch gets its own, dropped with the session at logout).
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

/**
 * One dictionary of the current user's unit as Select options (tax rates, order marks, qualification
 * types): what the admin and the unit configured, so an item hidden, renamed or added is seen here;
 * `fallback` (the built-in list) only until the first answer.
 */
export function useDictOptions(code: string, fallback: readonly { value: string; label: string }[] = []) {
  const info = useUserAllInfo();
  const dicts = useDicts(info.data?.user?.instituteId);
  const list = dicts.data?.dicts[code];
  // the same array while the dictionary is unchanged (a poll answering `changed: false` keeps it)
  const options = useMemo(() => (list ?? (dicts.data ? [] : fallback)).map((e) => ({ value: e.value, label: e.label })), [list, dicts.data, fallback]);
  const label = (value: string | null | undefined) => (value ? (options.find((o) => o.value === value)?.label ?? value) : '');
  return { options, label, loaded: !!dicts.data };
}
