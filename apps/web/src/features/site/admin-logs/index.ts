/** Nothing in this feature is used outside it: its pages are mounted through menu-pages.ts (app/menu-pages.ts). */
export {};
