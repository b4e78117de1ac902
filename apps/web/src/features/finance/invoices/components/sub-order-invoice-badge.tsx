import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { invoiceKeys } from '../api/invoice-query-keys.ts';
import { getSubOrderInvoices } from '../api/invoices-api.ts';
import { MatchBadge } from './match-badge.tsx';
import { SubOrderInvoicesDrawer } from './sub-order-invoices-drawer.tsx';

/**
 * A sub-order's match badge and a 发票 link opening its invoices, for pages that list sub-orders
 * (the buyer's order detail, the supplier's order list). Asks for the sub-order's invoices once;
 * the drawer reuses the answer.
 */
export function SubOrderInvoiceBadge({ subOrderId, canAccept }: { subOrderId: number; canAccept?: boolean }) {
  const [open, setOpen] = useState(false);
  const data = useQuery({ queryKey: invoiceKeys.subOrder(subOrderId), queryFn: () => getSubOrderInvoices(subOrderId), staleTime: 30_000 });
  return (
    <Flex gap={4} align="center" wrap data-testid="sub-order-invoice-badge">
      {data.data && <MatchBadge match={data.data.match} onClick={() => setOpen(true)} />}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {data.data?.invoices.length ? `发票 ${data.data.invoices.length} 张` : '发票'}
      </Button>
      <SubOrderInvoicesDrawer subOrderId={open ? subOrderId : null} onClose={() => setOpen(false)} canAccept={canAccept} />
    </Flex>
  );
}
