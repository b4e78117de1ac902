/** TanStack Query keys of the public pages (the texts by type are the same as the login page's). */
export const publicKeys = {
  bids: (q: object) => ['public', 'bids', q] as const,
  secret: (type: number) => ['secret', type] as const,
  techServices: (keyword: string, category: string, current: number) => ['publicTechServices', keyword, category, current] as const,
};
