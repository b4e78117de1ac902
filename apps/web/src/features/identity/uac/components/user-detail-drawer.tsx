import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer } from 'antd';
import dayjs from 'dayjs';
import { uacKeys } from '../api/uac-query-keys.ts';
import { getUserDetail } from '../api/users-api.ts';

/** 用户详情: the account, its units and roles, real-name and first-login state. */
export function UserDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: uacKeys.userDetail(id), queryFn: () => getUserDetail(id as number), enabled: id !== null });
  return (
    <Drawer open={id !== null} width={520} title="用户详情" onClose={onClose} loading={detail.isLoading}>
      {detail.data && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'u', label: '用户名', children: detail.data.userName },
            { key: 'r', label: '姓名', children: detail.data.realName ?? '—' },
            { key: 'p', label: '手机号', children: detail.data.phoneNum ?? '—' },
            { key: 'e', label: '邮箱', children: detail.data.email ?? '—' },
            { key: 'i', label: '研究所', children: detail.data.instituteName ?? '—' },
            {
              key: 'd',
              label: '所属单位',
              children: detail.data.depts.map((d) => (d.teamName ? `${d.deptName}（${d.teamName}）` : d.deptName)).join('、') || '—',
            },
            { key: 'ro', label: '角色', children: detail.data.roles.map((r) => r.name).join('、') || '—' },
            { key: 'v', label: '实名认证', children: detail.data.verification ? '已认证' : '未认证' },
            { key: 'f', label: '首次登录改密', children: detail.data.whetherForceModifyPassword ? '待修改' : '已完成' },
            { key: 'c', label: '创建时间', children: dayjs(detail.data.createdAt).format('YYYY-MM-DD HH:mm') },
          ]}
        />
      )}
    </Drawer>
  );
}
