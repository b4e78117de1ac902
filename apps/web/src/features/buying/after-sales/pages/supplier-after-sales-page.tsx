import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { afterSaleKeys } from '../api/after-sale-query-keys.ts';
import { type AfterSaleVO, getAfterSales } from '../api/after-sales-api.ts';
import { AfterSaleDrawer } from '../components/after-sale-drawer.tsx';
import { supplierAfterSaleColumns } from '../components/supplier-after-sale-columns.tsx';
import { AFTER_SALE_FIELDS } from '../status-options.ts';

/** /cassSupplier/afterSale (售后处理): the requests on our sub-orders; agree, refuse with a reason, receive returned goods, finish. */
export function SupplierAfterSalesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<AfterSaleVO>({
    queryKey: afterSaleKeys.list('supplier'),
    fields: AFTER_SALE_FIELDS,
    request: getAfterSales('supplier'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await client.invalidateQueries({ queryKey: afterSaleKeys.all });
  };
  const confirm = (title: string, content: string, fn: () => Promise<unknown>, done: string) =>
    feedback.modal().confirm({ title, content, okText: '确定', cancelText: '取消', onOk: () => act(fn, done) });

  return (
    <ListPage<AfterSaleVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-after-sales-search"
      emptyText="暂无售后申请"
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={supplierAfterSaleColumns({ act, confirm, setOpen, setReason })}
    >
      <AfterSaleDrawer side="supplier" id={open} onClose={() => setOpen(null)} />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
