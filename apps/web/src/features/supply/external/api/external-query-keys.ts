/** TanStack Query keys of 外部接口: the list, the totals, per-day counts and the call log. */
export const externalKeys = {
  interfaces: ['external', 'interfaces'] as const,
  totals: ['external', 'totals'] as const,
  days: (interfaceId: number | undefined) => ['external', 'days', interfaceId] as const,
  log: (interfaceId: number | undefined, outcome: string | undefined) => ['external', 'log', interfaceId, outcome] as const,
};
