import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PrintSheetPage } from '../../../../components/print-sheet.tsx';
import { printOrderPdf, printSubDeliverOrderPdf } from '../api/documents-api.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { getSupplierOrders } from '../api/supplier-orders-api.ts';
import { useOrderDetail } from '../api/use-order-queries.ts';
import { OrderSheet } from '../components/order-sheet.tsx';
import { supplierSheet } from '../order-sheets.ts';

/**
 * /cassSupplierPrintOrder and /cassSupplierPrintPurchaseOrder ?subOrderId= (订单, 采购订单 of one
 * sub-order) and /cassSupplierPrintSubOrder?deliveryId= (送货单 of one delivery). The order detail
 * (the supplier sees only its own sub-orders) gives the content; links from 订单管理 carry the
 * order id, and a sub-order number is looked up in the supplier's list.
 */
export function SupplierPrintPage({ kind }: { kind: 'supplierOrder' | 'supplierPurchase' | 'delivery' }) {
  const [params] = useSearchParams();
  const subOrderId = Number(params.get('subOrderId')) || null;
  const deliveryId = Number(params.get('deliveryId')) || null;
  const subNo = params.get('subNo');
  const given = Number(params.get('orderId')) || null;
  // without the order id, find the sub-order by its number in the supplier's own list
  const lookup = useQuery({
    queryKey: orderKeys.bySubNo(subNo),
    queryFn: () => getSupplierOrders({ orderNo: subNo ?? '', current: 1, size: 10 }),
    enabled: !given && !!subNo,
  });
  const found = lookup.data?.records.find((r) => r.subNo === subNo || r.id === subOrderId);
  const orderId = given ?? found?.orderId ?? null;
  const { data: o, isLoading, isError } = useOrderDetail(orderId);
  const sub =
    o?.subOrders.find((s) => s.id === subOrderId) ??
    o?.subOrders.find((s) => s.subNo === subNo) ??
    (deliveryId ? o?.subOrders.find((s) => s.deliveries.some((d) => d.id === deliveryId)) : undefined);

  // the order PDF shows a supplier only its own sub-orders; a delivery prints as its delivery note
  const pdf = kind === 'delivery' ? (deliveryId ? () => printSubDeliverOrderPdf(deliveryId) : undefined) : orderId ? () => printOrderPdf(orderId) : undefined;
  const loading = lookup.isLoading || (!!orderId && isLoading);
  const error = !orderId && !lookup.isLoading ? '请从订单管理页面进入打印' : isError || (o && !sub) ? '订单不存在或不在您的查看范围内' : null;

  return (
    <PrintSheetPage pdf={pdf} loading={loading} error={error}>
      {o && sub && <OrderSheet {...supplierSheet(o, sub, kind, deliveryId ?? undefined)} />}
    </PrintSheetPage>
  );
}
