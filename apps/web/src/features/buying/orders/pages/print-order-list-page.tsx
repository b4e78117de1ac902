import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PrintSheetPage } from '../../../../components/print-sheet.tsx';
import { printOrderListPdf } from '../api/documents-api.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { getOrderDetail } from '../api/orders-api.ts';
import { OrderSheet } from '../components/order-sheet.tsx';
import { orderSheets } from '../order-sheets.ts';

/** The server prints at most this many orders in one PDF (PRINT_LIST_MAX). */
const MAX = 50;

/** /printOrderPl?ids=1,2: several orders, each on its own A4 page. */
export function PrintOrderListPage() {
  const [params] = useSearchParams();
  const ids = [...new Set((params.get('ids') ?? '').split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, MAX);
  const results = useQueries({ queries: ids.map((id) => ({ queryKey: orderKeys.detail(id), queryFn: () => getOrderDetail(id), retry: false })) });
  const loading = results.some((r) => r.isLoading);
  const error = !ids.length ? '请选择要打印的订单' : results.every((r) => r.isError) ? '订单不存在或不在您的查看范围内' : null;
  return (
    <PrintSheetPage pdf={ids.length ? () => printOrderListPdf(ids) : undefined} loading={loading} error={error}>
      {results.flatMap((r) => (r.data ? orderSheets(r.data, 'order').map((sheet) => <OrderSheet key={sheet.docNo} {...sheet} />) : []))}
    </PrintSheetPage>
  );
}
