import type { UserAllInfo } from '@kc/contracts/identity/uac';
import { Card, Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ACCOUNT_TYPE } from '../../../../lib/session.ts';

const ACCOUNT_LABEL: Record<number, string> = {
  [ACCOUNT_TYPE.ADMIN]: '平台管理员',
  [ACCOUNT_TYPE.BUYER]: '采购用户',
  [ACCOUNT_TYPE.SUPPLIER]: '供应商',
};

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

interface Props {
  info: UserAllInfo;
  /** name of the unit the user currently works in */
  currentUnit: string | null;
  extra?: ReactNode;
}

/** Who is logged in: name, institute, current unit and roles. */
export function WelcomeCard({ info, currentUnit, extra }: Props) {
  const { user } = info;
  const name = user.realName || user.nick || user.userName;
  const isSupplier = user.accountType === ACCOUNT_TYPE.SUPPLIER;
  return (
    <Card extra={extra}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {greeting(new Date().getHours())}，{name}，欢迎使用科研采购平台
      </Typography.Title>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'userName', label: '用户名', children: user.userName },
          { key: 'type', label: '账号类型', children: ACCOUNT_LABEL[user.accountType] ?? '未知' },
          ...(isSupplier ? [] : [{ key: 'institute', label: '所属机构', children: user.instituteName || '—' }]),
          ...(isSupplier ? [] : [{ key: 'unit', label: '当前单位', children: <span data-testid="current-unit">{currentUnit || '未选择'}</span> }]),
          {
            key: 'roles',
            label: '角色',
            span: 'filled',
            children: user.roles.length ? user.roles.map((r) => <Tag key={r.id ?? r.name}>{r.name}</Tag>) : '—',
          },
        ]}
      />
    </Card>
  );
}
