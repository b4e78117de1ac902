/** The order pieces the supplier's order pages share with the buyer's: queries, documents, list fields and filters, tables, sheets and status rules. */

export { openPdfInNewTab } from '../../lib/file-download.ts';
export { printDeliverOrderPdf, printOrderPdf, printSubDeliverOrderPdf } from './api/documents-api.ts';
export { orderKeys } from './api/order-query-keys.ts';
export { useOrderDetail, useOrderLogs } from './api/use-order-queries.ts';
export { OrderLinesTable } from './components/order-lines-table.tsx';
export { OrderLogTimeline } from './components/order-log-timeline.tsx';
export { OrderPageFrame } from './components/order-page-frame.tsx';
export { OrderSheet } from './components/order-sheet.tsx';
export { PrintSheetPage } from './components/print-sheet.tsx';
export { ReasonButton, ReasonModal, type ReasonRequest } from './components/reason-modal.tsx';
export { deliveryLines, remainingOf } from './order-format.ts';
export { exportOrderList, orderFields, orderFilter, orderQuery } from './order-list.tsx';
export { ORDER_PERM } from './order-roles.ts';
export { supplierSheet } from './order-sheets.ts';
export { canDeliver, canRefundConfirm, canSupplierConfirm, SUB_STATUS_TAGS, SUB_STATUS_TEXT, SUPPLIER_TABS } from './order-status.ts';
export { rmbUppercase } from './rmb-uppercase.ts';
