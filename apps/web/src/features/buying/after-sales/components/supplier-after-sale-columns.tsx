import type { TableColumnsType } from 'antd';
import { Button, Flex } from 'antd';
import type { ReasonRequest } from '../../../../components/reason-modal.tsx';
import { type AfterSaleVO, agreeAfterSale, finishAfterSale, receiveAfterSale, refuseAfterSale } from '../api/after-sales-api.ts';
import { afterSaleColumns } from './after-sale-columns.tsx';

/** 供应商售后的列；同意、拒绝、收货与完成回到页面。 */
export const supplierAfterSaleColumns = ({
  act,
  confirm,
  setOpen,
  setReason,
}: {
  act: (fn: () => Promise<unknown>, done: string) => Promise<unknown>;
  confirm: (title: string, content: string, fn: () => Promise<unknown>, done: string) => void;
  setOpen: (id: number) => void;
  setReason: (r: ReasonRequest) => void;
}): TableColumnsType<AfterSaleVO> => [
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
          <Button type="link" size="small" onClick={() => confirm(`确认收到 ${r.requestNo} 寄回的商品？`, '', () => receiveAfterSale(r.id), '已确认收货')}>
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
];
