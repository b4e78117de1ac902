import type { TableColumnsType } from 'antd';
import { Button, Flex, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { ContractVO } from '../api/contracts-api.ts';
import { ContractPdfButton, contractColumns, ExitFormButton } from './contract-columns.tsx';

/** 合同审核的列；签署、驳回、终止与提醒回到页面。 */
export const contractReviewColumns = ({
  askReason,
  remind,
  sign,
}: {
  askReason: (c: ContractVO, action: 'refuse' | 'terminate') => void;
  remind: (c: ContractVO) => unknown;
  sign: (c: ContractVO) => void;
}): TableColumnsType<ContractVO> => [
  { title: '供应商', dataIndex: 'supplierName', width: 190, ellipsis: true },
  contractColumns.institute(180),
  {
    title: '合同',
    key: 'contract',
    width: 260,
    render: (_, c) => (
      <Flex vertical gap={2}>
        <span>{c.contractNo}</span>
        <Typography.Text type="secondary">
          {c.title}
          {c.originalId ? `（第 ${c.version} 版续签）` : ''}
        </Typography.Text>
        {c.terminateReason && <Typography.Text type="danger">终止原因：{c.terminateReason}</Typography.Text>}
      </Flex>
    ),
  },
  contractColumns.period(),
  contractColumns.phase<ContractVO>(),
  {
    title: '操作',
    key: 'actions',
    width: 260,
    fixed: 'right',
    render: (_, c) => (
      <Flex gap={4} wrap>
        <Can flag="modify">
          {c.status === 2 && (
            <>
              <Button type="link" size="small" onClick={() => sign(c)} data-testid="contract-sign">
                签署
              </Button>
              <Button type="link" size="small" danger onClick={() => askReason(c, 'refuse')}>
                退回
              </Button>
            </>
          )}
          {c.status === 1 && c.phase !== 'expired' && c.phase !== 'renewed' && (
            <Button type="link" size="small" danger onClick={() => askReason(c, 'terminate')} data-testid="contract-terminate">
              终止
            </Button>
          )}
          {(c.phase === 'expiring' || c.phase === 'renewalPending') && (
            <Button type="link" size="small" onClick={() => void remind(c)}>
              提醒续签
            </Button>
          )}
        </Can>
        <ContractPdfButton c={c} label="合同 PDF" />
        <ExitFormButton c={c} />
      </Flex>
    ),
  },
];
