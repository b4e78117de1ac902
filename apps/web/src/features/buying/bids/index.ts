/** 招标采购 (buyer) and 投标 (supplier): the pages through menu-pages.ts; the public /bid list reads the same API. */
export { menuPages } from './menu-pages.ts';
