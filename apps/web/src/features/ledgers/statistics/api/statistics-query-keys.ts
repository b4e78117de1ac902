/** TanStack Query keys of 统计分析: the scopes, each figure of a level and filter, and the lines behind one. */
export const statisticsKeys = {
  scopes: ['statistics', 'scopes'] as const,
  figure: (level: string, filter: object, what: 'all' | 'month' | 'company' | 'brand' | 'item') => ['statistics', level, filter, what] as const,
  lines: (level: string, filter: object, drill: object) => ['statistics', 'lines', level, filter, drill] as const,
};
