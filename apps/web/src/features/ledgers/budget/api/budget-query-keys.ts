/** TanStack Query keys of 经费卡; invalidating `all` refreshes everything below it. */
export const budgetKeys = {
  all: ['grantCards'] as const,
  detail: (cardId: number) => ['grantCards', 'detail', cardId] as const,
  carryTargets: ['grantCards', 'carryTargets'] as const,
  people: (keyword: string) => ['grantCards', 'people', keyword] as const,
  ledger: (cardId: number | undefined) => ['grantCards', 'ledger', cardId] as const,
};
