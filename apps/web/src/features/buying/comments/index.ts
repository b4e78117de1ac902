/** Nothing in this feature is used outside it: its pages (评价) are mounted through menu-pages.ts. */
export {};
