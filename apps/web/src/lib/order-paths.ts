/** Paths of the order pages (menu paths from the server's menuVOList and modules; print pages of docs/domains/platform.md#route-classes). */
export const ORDER_PATHS = {
  myOrder: '/cass/order/myOrder',
  approve: '/cass/order/approve',
  check: '/cass/order/check',
  institute: '/cass/order/institute',
  detail: '/cass/order/detail',
  systemOrders: '/cass/system/orders',
  supplierOrder: '/cassSupplier/order',
  printBuyOrder: '/printBuyOrder',
  printOrder: '/printOrder',
  printOrderPl: '/printOrderPl',
  printPurchaseOrder: '/printPurchaseOrder',
  supplierPrintOrder: '/cassSupplierPrintOrder',
  supplierPrintPurchaseOrder: '/cassSupplierPrintPurchaseOrder',
  supplierPrintSubOrder: '/cassSupplierPrintSubOrder',
} as const;

export const orderDetailPath = (id: number) => `${ORDER_PATHS.detail}?orderId=${id}`;

/** Opens a print page in a new tab (print pages have no shell). */
export function openPrintPage(path: string, params: Record<string, string | number>): void {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  window.open(`${path}?${qs}`, '_blank', 'noopener');
}
