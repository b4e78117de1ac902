/** TanStack Query keys of 运费设置. */
export const deliveryFeeKeys = {
  all: ['supplier', 'deliveryFee'] as const,
};
