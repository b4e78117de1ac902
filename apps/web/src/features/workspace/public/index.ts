/** Nothing in this feature is used outside it: the public site's pages are mounted through routes.tsx (app/features.ts). */
export {};
