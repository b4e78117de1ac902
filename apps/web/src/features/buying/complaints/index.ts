/** Nothing in this feature is used outside it: its pages (投诉) are mounted through menu-pages.ts. */
export {};
