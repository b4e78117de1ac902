/** Nothing in this feature is used outside it: its pages (售后, buyer and supplier) are mounted through menu-pages.ts. */
export {};
