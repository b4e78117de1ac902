/** TanStack Query keys of 接口数据. */
export const interfaceDataKeys = {
  all: ['interfaceData'] as const,
};
