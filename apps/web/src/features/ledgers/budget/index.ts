/** 经费卡 (课题经费卡 and their budget ledger): the page through menu-pages.ts. */
export { menuPages } from './menu-pages.ts';
