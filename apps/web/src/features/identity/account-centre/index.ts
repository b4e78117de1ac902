/** Nothing in this feature is used outside it: its pages are mounted through routes.tsx (app/features.ts). */
export {};
