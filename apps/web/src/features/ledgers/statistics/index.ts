/** 统计分析: the dashboards of spend by month, supplier, item, brand and category, through menu-pages.ts. */
export { menuPages } from './menu-pages.ts';
