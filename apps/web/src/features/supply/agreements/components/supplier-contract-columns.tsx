import type { TableColumnsType } from 'antd';
import { Button, Flex, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { ContractVO } from '../api/contracts-api.ts';
import { ContractPdfButton, contractColumns, ExitFormButton } from './contract-columns.tsx';

/** 供应商合同的列；提交、撤回与续签回到页面。 */
export const supplierContractColumns = ({
  canRenew,
  move,
  setRenewing,
}: {
  canRenew: (c: ContractVO) => boolean;
  move: (c: ContractVO, action: 'submit' | 'withdraw') => void;
  setRenewing: (c: ContractVO) => void;
}): TableColumnsType<ContractVO> => [
  { title: '合同编号', dataIndex: 'contractNo', width: 170 },
  {
    title: '合同名称',
    key: 'title',
    width: 240,
    render: (_, c) => (
      <Flex vertical gap={2}>
        <span>{c.title}</span>
        {c.originalId && <Typography.Text type="secondary">第 {c.version} 版（续签）</Typography.Text>}
        {c.refuseReason && c.status === 0 && <Typography.Text type="danger">退回原因：{c.refuseReason}</Typography.Text>}
        {c.terminateReason && <Typography.Text type="danger">终止原因：{c.terminateReason}</Typography.Text>}
      </Flex>
    ),
  },
  contractColumns.institute(190),
  contractColumns.period(),
  contractColumns.phase<ContractVO>(),
  { title: '续签', dataIndex: 'renewStatusName', width: 90 },
  {
    title: '操作',
    key: 'actions',
    width: 250,
    fixed: 'right',
    render: (_, c) => (
      <Flex gap={4} wrap>
        <Can flag="modify">
          {c.status === 0 && (
            <Button type="link" size="small" onClick={() => move(c, 'submit')}>
              提交签署
            </Button>
          )}
          {c.status === 2 && (
            <Button type="link" size="small" onClick={() => move(c, 'withdraw')}>
              撤回
            </Button>
          )}
        </Can>
        <Can flag="add">
          {canRenew(c) && (
            <Button type="link" size="small" onClick={() => setRenewing(c)} data-testid="contract-renew">
              续签
            </Button>
          )}
        </Can>
        <ContractPdfButton c={c} label="下载合同" />
        {c.fileUrl && (
          <Button type="link" size="small" href={c.fileUrl} target="_blank" rel="noreferrer">
            合同文件
          </Button>
        )}
        <ExitFormButton c={c} />
      </Flex>
    ),
  },
];
