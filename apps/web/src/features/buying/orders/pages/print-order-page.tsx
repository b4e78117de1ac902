import { useSearchParams } from 'react-router';
import { PrintSheetPage } from '../../../../components/print-sheet.tsx';
import { printOrderPdf } from '../api/documents-api.ts';
import { useOrderDetail } from '../api/use-order-queries.ts';
import { OrderSheet } from '../components/order-sheet.tsx';
import { orderSheets } from '../order-sheets.ts';

/** /printBuyOrder, /printOrder and /printPurchaseOrder ?orderId=: the order as 采购单, 订单 or one 采购订单 per supplier. */
export function PrintOrderPage({ kind }: { kind: 'buy' | 'order' | 'purchase' }) {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || null;
  const { data: o, isLoading, isError } = useOrderDetail(orderId);
  const error = !orderId ? '缺少订单号' : isError ? '订单不存在或不在您的查看范围内' : null;
  return (
    <PrintSheetPage pdf={orderId ? () => printOrderPdf(orderId) : undefined} loading={!!orderId && isLoading} error={error}>
      {o && orderSheets(o, kind).map((sheet) => <OrderSheet key={sheet.docNo} {...sheet} />)}
    </PrintSheetPage>
  );
}
