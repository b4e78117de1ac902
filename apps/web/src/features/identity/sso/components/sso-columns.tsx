import { SSO_MATCH_FIELD_TEXT } from '@kc/contracts/identity/sso';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { CasConfigVO } from '../api/sso-api.ts';

/** 单点登录配置的列：研究所、代码、CAS 地址、协议、身份对应、登录入口、状态。 */
export const casColumns = ({ edit, remove }: { edit: (c: CasConfigVO) => void; remove: (c: CasConfigVO) => void }): TableColumnsType<CasConfigVO> => [
  { title: '研究所', dataIndex: 'instituteName', width: 180 },
  { title: '代码', dataIndex: 'code', width: 90 },
  { title: 'CAS 服务地址', dataIndex: 'casBaseUrl', ellipsis: true },
  { title: '协议', dataIndex: 'casVersion', width: 70, render: (v: string) => `CAS ${v}` },
  {
    title: '身份对应',
    key: 'mapping',
    width: 200,
    render: (_, c) => `${c.userAttribute ? `属性 ${c.userAttribute}` : '用户名'} → ${SSO_MATCH_FIELD_TEXT[c.matchField]}`,
  },
  {
    title: '登录入口',
    key: 'entry',
    width: 180,
    render: (_, c) => <Typography.Text copyable={{ text: `${window.location.origin}/casSSO?org=${c.code}` }}>/casSSO?org={c.code}</Typography.Text>,
  },
  { title: '状态', dataIndex: 'enabled', width: 80, render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
  {
    title: '操作',
    key: 'actions',
    width: 130,
    render: (_, c) => (
      <Flex gap={4}>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => edit(c)}>
            编辑
          </Button>
        </Can>
        <Can flag="delete">
          <Button type="link" size="small" danger onClick={() => remove(c)}>
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
