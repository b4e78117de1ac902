import { API_CLIENT_SCOPE_TEXT } from '@kc/contracts/identity/api-clients';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { ApiClientScope, ApiClientVO } from '../api/api-client-api.ts';

/** 接口客户端的列；编辑、更换密钥与吊销回到页面（只对有效的客户端）。 */
export const apiClientColumns = ({
  edit,
  rotate,
  revoke,
}: {
  edit: (c: ApiClientVO) => void;
  rotate: (c: ApiClientVO) => void;
  revoke: (c: ApiClientVO) => void;
}): TableColumnsType<ApiClientVO> => [
  { title: '名称', dataIndex: 'name', width: 180 },
  { title: '客户端号', dataIndex: 'clientId', width: 160, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
  { title: '绑定研究所', dataIndex: 'instituteName', width: 180, render: (v: string | null) => v ?? '—' },
  {
    title: '接口权限',
    dataIndex: 'scopes',
    width: 220,
    render: (v: ApiClientScope[]) =>
      v.length ? (
        <Space size={[0, 4]} wrap>
          {v.map((s) => (
            <Tag key={s} color="blue">
              {API_CLIENT_SCOPE_TEXT[s]}
            </Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">无（仅公开服务）</Typography.Text>
      ),
  },
  { title: '今日调用', dataIndex: 'todayCalls', width: 90 },
  { title: '近 30 天调用', dataIndex: 'last30Calls', width: 110 },
  { title: '签发时间', dataIndex: 'createdAt', width: 160, render: (v: string) => shanghaiTime(v) },
  { title: '最近更换密钥', dataIndex: 'rotatedAt', width: 160, render: (v: string | null) => (v ? shanghaiTime(v) : '—') },
  { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => (s === 'active' ? <Tag color="green">有效</Tag> : <Tag>已吊销</Tag>) },
  {
    title: '操作',
    key: 'actions',
    width: 180,
    render: (_, c) =>
      c.status === 'active' && (
        <Flex gap={4}>
          <Can flag="modify">
            <Button type="link" size="small" onClick={() => edit(c)}>
              编辑
            </Button>
            <Button type="link" size="small" onClick={() => rotate(c)}>
              更换密钥
            </Button>
          </Can>
          <Can flag="delete">
            <Button type="link" size="small" danger onClick={() => revoke(c)}>
              吊销
            </Button>
          </Can>
        </Flex>
      ),
  },
];
