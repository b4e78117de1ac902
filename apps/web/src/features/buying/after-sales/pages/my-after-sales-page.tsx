import { AfterSaleReturnBody } from '@kc/contracts/buying/after-sales';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { afterSaleKeys } from '../api/after-sale-query-keys.ts';
import { type AfterSaleVO, getAfterSales, returnGoods } from '../api/after-sales-api.ts';
import { AfterSaleDrawer } from '../components/after-sale-drawer.tsx';
import { ApplyAfterSaleModal } from '../components/apply-after-sale-modal.tsx';
import { myAfterSaleColumns } from '../components/my-after-sale-columns.tsx';
import { AFTER_SALE_FIELDS } from '../status-options.ts';

/**
 * /cass/afterSale/my (售后申请): my requests (a team leader's: the team's), opened from the order
 * detail's 申请售后 (?apply=子订单 id); cancel before the supplier acts, send goods back, close, delete.
 */
export function MyAfterSalesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useListPage<AfterSaleVO>({
    queryKey: afterSaleKeys.list('buyer'),
    fields: AFTER_SALE_FIELDS,
    request: getAfterSales('buyer'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [returning, setReturning] = useState<AfterSaleVO | null>(null);
  const [form] = Form.useForm<{ expressCompany: string; trackingNo: string }>();
  const applyFor = Number(params.get('apply')) || null;
  const refresh = () => client.invalidateQueries({ queryKey: afterSaleKeys.all });
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
      columns={myAfterSaleColumns({ confirm, setOpen, setReturning })}
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
          <Form.Item name="expressCompany" label="快递公司" rules={contractRules(AfterSaleReturnBody.shape.expressCompany)}>
            <Input maxLength={30} placeholder="如：顺丰速运" />
          </Form.Item>
          <Form.Item name="trackingNo" label="快递单号" rules={contractRules(AfterSaleReturnBody.shape.trackingNo)}>
            <Input maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
