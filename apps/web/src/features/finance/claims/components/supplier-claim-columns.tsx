import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { SupplierClaimVO } from '../api/supplier-claims-api.ts';
import { CLAIM_STATUS_TAGS } from '../claim-status.ts';

/** 纸质发票: whether the institute wants paper, and whether this supplier has promised it. */
export function PaperCell({ r }: { r: SupplierClaimVO }) {
  if (r.paperConfirmed) return <Tag color="success">已确认寄送</Tag>;
  return r.paperRequired ? <Tag color="warning">需纸质发票</Tag> : <Typography.Text type="secondary">无需</Typography.Text>;
}
/** 供应商报销单的列；查看与确认纸质单据回到页面。 */
export const supplierClaimColumns = ({
  confirmPaper,
  setViewing,
}: {
  confirmPaper: (r: SupplierClaimVO) => void;
  setViewing: (id: number) => void;
}): TableColumnsType<SupplierClaimVO> => [
  { title: '报销单号', dataIndex: 'claimNo', width: 190, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
  { title: '研究所', dataIndex: 'instituteName', width: 180 },
  { title: '报销人', dataIndex: 'buyerName', width: 100 },
  { title: '本公司金额（元）', key: 'amount', width: 130, render: (_: unknown, r) => <MoneyCell fen={r.amount} strong /> },
  { title: '子订单', dataIndex: 'subCount', width: 80 },
  { title: '状态', key: 'status', width: 140, render: (_: unknown, r) => <StatusTag value={r.status} table={CLAIM_STATUS_TAGS} text={r.statusText} /> },
  { title: '纸质发票', key: 'paper', width: 150, render: (_: unknown, r) => <PaperCell r={r} /> },
  { title: '提交时间', key: 'at', width: 160, render: (_: unknown, r) => (r.submittedAt ? shanghaiTime(r.submittedAt) : '—') },
  {
    title: '操作',
    key: 'actions',
    width: 190,
    fixed: 'right' as const,
    render: (_: unknown, r) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => setViewing(r.id)}>
          详情
        </Button>
        <Can flag="modify">
          {!r.paperConfirmed && r.status !== 'cancelled' && (
            <Button type="link" size="small" onClick={() => confirmPaper(r)} data-testid="claim-paper-confirm">
              确认提供纸质发票
            </Button>
          )}
        </Can>
      </Flex>
    ),
  },
];
