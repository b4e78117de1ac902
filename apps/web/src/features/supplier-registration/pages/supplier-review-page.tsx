import { SUPPLIER_STATUS_LABELS } from '@kc/contracts/supplier-registration';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { MenuPageProps } from '../../../app/menu-pages.ts';
import { feedback } from '../../../lib/feedback.ts';
import { PageFrame } from '../../menu-frame/components/page-frame.tsx';
import { approveSupplier, getReviewPage, refuseSupplier, type SupplierReviewVO } from '../api/registration-api.ts';

const STATUS_COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };
const TABS = [
  { key: '0', label: '待审核' },
  { key: '1', label: '已通过' },
  { key: '2', label: '已驳回' },
  { key: '3', label: '已停用' },
  { key: 'all', label: '全部' },
];

/** 供应商审核: registrations by status, qualification links, approve (confirm) and refuse (with a reason). */
export function SupplierReviewPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const [tab, setTab] = useState('0');
  const [companyName, setCompanyName] = useState('');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [refusing, setRefusing] = useState<SupplierReviewVO | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const [searchForm] = Form.useForm<{ companyName: string }>();

  const query = { ...page, status: tab === 'all' ? undefined : Number(tab), companyName };
  const list = useQuery({ queryKey: ['supplier', 'review', query], queryFn: () => getReviewPage(query), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: ['supplier', 'review'] });

  const approve = (r: SupplierReviewVO) =>
    feedback.modal().confirm({
      title: '确认审核通过？',
      content: `通过后，${r.companyName} 可使用用户名 ${r.userName ?? ''} 登录平台。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        await approveSupplier(r.id);
        feedback.success('已通过');
        await refresh();
      },
    });

  const refuse = async () => {
    const { reason } = await reasonForm.validateFields();
    if (!refusing) return;
    await refuseSupplier({ id: refusing.id, reason: reason.trim() });
    feedback.success('已驳回');
    setRefusing(null);
    reasonForm.resetFields();
    await refresh();
  };

  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Form
        form={searchForm}
        layout="inline"
        name="review-search"
        style={{ marginBottom: 8 }}
        onFinish={(v) => {
          setCompanyName(v.companyName?.trim() ?? '');
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="companyName" label="公司名称">
          <Input allowClear placeholder="请输入公司名称" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              searchForm.resetFields();
              setCompanyName('');
            }}
          >
            重置
          </Button>
        </Form.Item>
      </Form>
      <Tabs
        activeKey={tab}
        items={TABS}
        onChange={(k) => {
          setTab(k);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      />
      <Table<SupplierReviewVO>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1200 }}
        locale={{ emptyText: tab === '0' ? '暂无待审核的注册申请' : '暂无记录' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
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
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={STATUS_COLORS[s]}>{SUPPLIER_STATUS_LABELS[s] ?? s}</Tag>,
          },
          { title: '驳回原因', dataIndex: 'refuseReason', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, r) =>
              r.status === 0 ? (
                <Flex gap={8}>
                  <Button type="link" size="small" onClick={() => approve(r)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRefusing(r)}>
                    驳回
                  </Button>
                </Flex>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <Modal
        open={!!refusing}
        title={`驳回注册申请：${refusing?.companyName ?? ''}`}
        okText="确认驳回"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onOk={refuse}
        onCancel={() => {
          setRefusing(null);
          reasonForm.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical" name="refuse-reason">
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因' },
              { min: 2, message: '请填写驳回原因' },
            ]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount placeholder="将通过短信和邮件告知申请人，请写明需要补充或修改的内容" />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
