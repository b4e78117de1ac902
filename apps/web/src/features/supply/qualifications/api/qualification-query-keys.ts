/** TanStack Query keys of 资质: the supplier's own and the platform's review. */
export const qualificationKeys = {
  mine: ['supplier', 'qualification'] as const,
  review: ['supplier', 'qualification', 'review'] as const,
};
