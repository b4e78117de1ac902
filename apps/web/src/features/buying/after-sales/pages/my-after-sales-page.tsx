import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type AfterSaleVO, cancelAfterSale, closeAfterSale, deleteAfterSale, getAfterSales, returnGoods } from '../api/after-sales-api.ts';
import { afterSaleColumns } from '../components/after-sale-columns.tsx';
import { AfterSaleDrawer } from '../components/after-sale-drawer.tsx';
import { ApplyAfterSaleModal } from '../components/apply-after-sale-modal.tsx';
import { AFTER_SALE_FIELDS } from '../status-options.ts';

/**
 * /cass/afterSale/my (售后申请): my requests (a team leader's: the team's), opened from the order
 * detail's 申请售后 (?apply=子订单 id); cancel before the supplier acts, send goods back, close, delete.
 */
export function MyAfterSalesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useListPage<AfterSaleVO>({
    queryKey: ['afterSales', 'buyer'],
    fields: AFTER_SALE_FIELDS,
    request: getAfterSales('buyer'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [returning, setReturning] = useState<AfterSaleVO | null>(null);
  const [form] = Form.useForm<{ expressCompany: string; trackingNo: string }>();
  const applyFor = Number(params.get('apply')) || null;
  const refresh = () => client.invalidateQueries({ queryKey: ['afterSales'] });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await refresh();
  };
  const confirm = (title: string, fn: () => Promise<unknown>, done: string) =>
    feedback.modal().confirm({ title, okText: '确定', cancelText: '取消', onOk: () => act(fn, done) });
  const stopApplying = () => {
    params.delete('apply');
    setParams(params, { replace: true });
  };

  return (
    <ListPage<AfterSaleVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="my-after-sales-search"
      emptyText="暂无售后申请；在订单详情中对已发货的子订单点击“申请售后”"
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={[
        ...afterSaleColumns(setOpen, 'supplier'),
        {
          title: '操作',
          key: 'actions',
          width: 200,
          fixed: 'right',
          render: (_, r) => (
            <Flex gap={4} wrap>
              {r.status === 'requested' && (
                <Button type="link" size="small" danger onClick={() => confirm(`撤销售后申请 ${r.requestNo}？`, () => cancelAfterSale(r.id), '售后申请已撤销')}>
                  撤销
                </Button>
              )}
              {r.status === 'to_return' && (
                <Button type="link" size="small" onClick={() => setReturning(r)}>
                  寄回商品
                </Button>
              )}
              {['refunded', 'replaced', 'refused'].includes(r.status) && (
                <Button type="link" size="small" onClick={() => confirm(`关闭售后申请 ${r.requestNo}？`, () => closeAfterSale(r.id), '售后申请已关闭')}>
                  关闭
                </Button>
              )}
              {['cancelled', 'closed'].includes(r.status) && (
                <Button type="link" size="small" danger onClick={() => confirm(`删除售后申请 ${r.requestNo}？`, () => deleteAfterSale(r.id), '已删除')}>
                  删除
                </Button>
              )}
            </Flex>
          ),
        },
      ]}
    >
      <AfterSaleDrawer side="buyer" id={open} onClose={() => setOpen(null)} />
      <ApplyAfterSaleModal
        subOrderId={applyFor}
        onClose={stopApplying}
        onDone={() => {
          stopApplying();
          void refresh();
        }}
      />
      <Modal
        open={!!returning}
        title={`寄回商品 ${returning?.requestNo ?? ''}`}
        okText="提交"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setReturning(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await act(() => returnGoods(returning!.id, v.expressCompany, v.trackingNo), '已提交寄回信息');
          setReturning(null);
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="expressCompany" label="快递公司" rules={[{ required: true, whitespace: true, message: '请填写快递公司' }]}>
            <Input maxLength={30} placeholder="如：顺丰速运" />
          </Form.Item>
          <Form.Item name="trackingNo" label="快递单号" rules={[{ required: true, whitespace: true, message: '请填写快递单号' }]}>
            <Input maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
