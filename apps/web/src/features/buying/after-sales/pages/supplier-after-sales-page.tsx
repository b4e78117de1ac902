import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type AfterSaleVO, agreeAfterSale, finishAfterSale, getAfterSales, receiveAfterSale, refuseAfterSale } from '../api/after-sales-api.ts';
import { afterSaleColumns } from '../components/after-sale-columns.tsx';
import { AfterSaleDrawer } from '../components/after-sale-drawer.tsx';
import { AFTER_SALE_FIELDS } from '../status-options.ts';

/** /cassSupplier/afterSale (售后处理): the requests on our sub-orders; agree, refuse with a reason, receive returned goods, finish. */
export function SupplierAfterSalesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<AfterSaleVO>({
    queryKey: ['afterSales', 'supplier'],
    fields: AFTER_SALE_FIELDS,
    request: getAfterSales('supplier'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await client.invalidateQueries({ queryKey: ['afterSales'] });
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
      columns={[
        ...afterSaleColumns(setOpen, 'buyer'),
        {
          title: '操作',
          key: 'actions',
          width: 200,
          fixed: 'right',
          render: (_, r) => (
            <Flex gap={4} wrap>
              {r.status === 'requested' && (
                <>
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      confirm(
                        `同意售后 ${r.requestNo}？`,
                        r.type === 'return' || r.type === 'exchange' ? '同意后采购人寄回商品。' : '同意后请尽快退款或补发。',
                        () => agreeAfterSale(r.id),
                        '已同意',
                      )
                    }
                  >
                    同意
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      setReason({
                        title: `拒绝售后 ${r.requestNo}`,
                        label: '拒绝原因',
                        okText: '拒绝',
                        maxLength: 300,
                        onSubmit: (why) => act(() => refuseAfterSale(r.id, why), '已拒绝'),
                      })
                    }
                  >
                    拒绝
                  </Button>
                </>
              )}
              {r.status === 'returned' && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => confirm(`确认收到 ${r.requestNo} 寄回的商品？`, '', () => receiveAfterSale(r.id), '已确认收货')}
                >
                  确认收货
                </Button>
              )}
              {(r.status === 'received' || r.status === 'agreed') && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    confirm(
                      `完成 ${r.requestNo}？`,
                      r.refundAmount > 0 ? `确认已退款 ¥${(r.refundAmount / 100).toFixed(2)}。` : '确认已换货或补发。',
                      () => finishAfterSale(r.id),
                      '已完成',
                    )
                  }
                >
                  {r.refundAmount > 0 ? '完成退款' : '完成换货/补发'}
                </Button>
              )}
            </Flex>
          ),
        },
      ]}
    >
      <AfterSaleDrawer side="supplier" id={open} onClose={() => setOpen(null)} />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
