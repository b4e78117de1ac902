import { SUPPLIER_STATUS_LABELS } from '@kc/contracts/supply/supplier-registration';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Can } from '../../../../components/page-flags.tsx';
import { StatusTag, statusTable } from '../../../../components/status-tag.tsx';
import type { SupplierReviewVO } from '../api/registration-api.ts';

export const STATUS = statusTable(SUPPLIER_STATUS_LABELS, { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' });

/** 供应商审核的列；通过、驳回、启用与编辑回到页面。 */
export const supplierReviewColumns = ({
  approve,
  enable,
  refuse,
  setEditing,
}: {
  approve: (r: SupplierReviewVO) => void;
  enable: (r: SupplierReviewVO) => void;
  refuse: (r: SupplierReviewVO) => void;
  setEditing: (r: SupplierReviewVO) => void;
}): TableColumnsType<SupplierReviewVO> => [
  { title: '公司名称', dataIndex: 'companyName', width: 220, fixed: 'left' },
  { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
  { title: '联系人', dataIndex: 'contactName', width: 90 },
  { title: '联系电话', dataIndex: 'contactPhone', width: 120 },
  { title: '邮箱', dataIndex: 'email', width: 180, ellipsis: true },
  { title: '用户名', dataIndex: 'userName', width: 110 },
  {
    title: '资质文件',
    key: 'qualifications',
    width: 200,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        {r.qualifications.map((q) => (
          <Typography.Link key={q.url} href={q.url} target="_blank" rel="noopener" ellipsis style={{ maxWidth: 180 }}>
            {q.kind === 'license' ? '营业执照' : '资质'}：{q.name}
          </Typography.Link>
        ))}
      </Space>
    ),
  },
  { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatusTag value={s} table={STATUS} /> },
  { title: '驳回原因', dataIndex: 'refuseReason', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
  {
    title: '操作',
    key: 'actions',
    width: 170,
    fixed: 'right',
    render: (_, r) => (
      <Can flag="modify">
        <Flex gap={8}>
          {r.status === 0 && (
            <>
              <Button type="link" size="small" onClick={() => approve(r)}>
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => refuse(r)}>
                驳回
              </Button>
            </>
          )}
          {r.status === 1 && (
            <Button type="link" size="small" danger onClick={() => refuse(r)}>
              停用
            </Button>
          )}
          {(r.status === 1 || r.status === 3) && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              修改信息
            </Button>
          )}
          {r.status === 3 && (
            <Button type="link" size="small" onClick={() => enable(r)}>
              恢复
            </Button>
          )}
          {/* a refused registration is final: the company registers again with corrected data */}
          {r.status === 2 && <span>—</span>}
        </Flex>
      </Can>
    ),
  },
];
