import type { TableColumnsType } from 'antd';
import { Button, Flex } from 'antd';
import { type AfterSaleVO, cancelAfterSale, closeAfterSale, deleteAfterSale } from '../api/after-sales-api.ts';
import { afterSaleColumns } from './after-sale-columns.tsx';

/** 我的售后的列；详情、寄回与确认回到页面。 */
export const myAfterSaleColumns = ({
  confirm,
  setOpen,
  setReturning,
}: {
  confirm: (title: string, fn: () => Promise<unknown>, done: string) => void;
  setOpen: (id: number) => void;
  setReturning: (r: AfterSaleVO) => void;
}): TableColumnsType<AfterSaleVO> => [
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
];
