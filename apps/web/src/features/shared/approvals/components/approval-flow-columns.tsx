import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { InstituteFlowVO } from '../api/approval-flows-api.ts';
import { flowSteps } from '../flow-summary.ts';

/** 审批流程的列：研究所及其各级审批；编辑回到页面。 */
export const approvalFlowColumns = ({ open }: { open: (r: InstituteFlowVO) => void }): TableColumnsType<InstituteFlowVO> => [
  { title: '研究所', dataIndex: 'instituteName', width: 240 },
  {
    title: '审批流程',
    key: 'steps',
    render: (_, r) => (
      <Flex vertical gap={2}>
        {flowSteps(r).map((s) => (
          <span key={s}>{s}</span>
        ))}
      </Flex>
    ),
  },
  { title: '来源', dataIndex: 'configured', width: 100, render: (c: boolean) => (c ? <Tag color="blue">本所设置</Tag> : <Tag>默认流程</Tag>) },
  { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (t: string | null) => (t ? shanghaiTime(t) : '—') },
  {
    title: '操作',
    key: 'actions',
    width: 100,
    render: (_, r) => (
      <Can flag="modify">
        <Button type="link" size="small" onClick={() => open(r)}>
          编辑
        </Button>
      </Can>
    ),
  },
];
