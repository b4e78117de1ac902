/** Nothing in this feature is used outside it: its page is mounted through menu-pages.ts (app/menu-pages.ts). */
export {};
