import { BREAKER_TEXT, EXTERNAL_KIND_TEXT, type ExternalKind } from '@kc/contracts/supply/external';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { ExternalInterfaceVO } from '../api/external-admin-api.ts';

const BREAKER_COLOR = { closed: 'green', open: 'red', halfOpen: 'orange' } as const;

/** 外部接口的列：地址、超时、今日调用与失败、状态与熔断；日志、编辑、删除回到页面。 */
export const externalInterfaceColumns = ({
  edit,
  remove,
  showLog,
}: {
  edit: (r: ExternalInterfaceVO) => void;
  remove: (r: ExternalInterfaceVO) => void;
  showLog: (id: number) => void;
}): TableColumnsType<ExternalInterfaceVO> => [
  { title: '名称', dataIndex: 'name', width: 160 },
  { title: '代码', dataIndex: 'code', width: 110 },
  { title: '类型', dataIndex: 'kind', width: 100, render: (k: ExternalKind) => EXTERNAL_KIND_TEXT[k] },
  {
    title: '地址',
    dataIndex: 'url',
    ellipsis: true,
    render: (u: string, r) => <Typography.Text copyable={{ text: u }}>{`${r.method} ${u}`}</Typography.Text>,
  },
  { title: '超时（毫秒）', dataIndex: 'timeoutMs', width: 110 },
  { title: '今日调用/失败', key: 'today', width: 120, render: (_, r) => `${r.todayCalls} / ${r.todayFailures}` },
  {
    title: '状态',
    key: 'state',
    width: 150,
    render: (_, r) => (
      <Flex gap={4}>
        {r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
        <Tag color={BREAKER_COLOR[r.breaker]}>{BREAKER_TEXT[r.breaker]}</Tag>
      </Flex>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    width: 180,
    render: (_, r) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => showLog(r.id)}>
          日志
        </Button>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => edit(r)}>
            编辑
          </Button>
        </Can>
        <Can flag="delete">
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
