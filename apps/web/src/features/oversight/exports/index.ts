/** 导出记录 (buyer side, platform, supplier) and 历史订单导入, pages through menu-pages.ts. */
export { EXPORT_STATUS } from './components/export-records-table.tsx';
