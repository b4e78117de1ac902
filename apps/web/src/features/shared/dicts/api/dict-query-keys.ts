/** TanStack Query keys of 字典管理 and 研究所字典配置. */
export const dictKeys = {
  types: ['mall', 'dict'] as const,
  configs: ['mall', 'dictConfig'] as const,
  institute: (instituteId: number) => ['mall', 'dictConfig', instituteId] as const,
  instituteLog: (instituteId: number) => ['mall', 'dictConfig', instituteId, 'log'] as const,
};
