import { ITEM_PRE_KIND_COLORS, ITEM_PRE_KIND_LABELS, ITEM_PRE_STATUS_LABELS } from '@kc/contracts/supply/catalog-supplier-items';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { getReviewQueue, type ItemPreVO, reviewBatch, reviewOne } from '../api/item-review-api.ts';
import { HazardTags } from '../components/hazard-tags.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '商品', placeholder: '名称、CAS 号或货号', width: 220 }];
// states by name: the client drops a 0 from the query (docs/domains/platform.md#empty-query-values), and 待审核 is state 0
const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'refused', label: '未通过' },
  { key: 'all', label: '全部' },
] as const;
const COLOURS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/**
 * 商品审核: suppliers' new items before they are sold. The reviewer checks the name, CAS, brand and
 * 货号, category, price and the regulated-chemical flags, and approves (the item goes on sale at
 * once) or refuses with a reason the supplier reads; one at a time or in a batch.
 */
export function ItemReviewPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<ItemPreVO>({
    queryKey: catalogKeys.review,
    fields: FIELDS,
    tabs: TABS,
    request: getReviewQueue,
    flags: usePageFlags(entry),
  });
  const [refusing, setRefusing] = useState<number[] | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const pending = list.tab === 'pending';
  const chosen = list.selection.keys.map(Number);
  const refresh = async () => {
    list.selection.clear();
    await client.invalidateQueries({ queryKey: catalogKeys.review });
  };
  const approve = (ids: number[]) =>
    feedback.modal().confirm({
      title: ids.length === 1 ? '审核通过该申请？' : `审核通过所选的 ${ids.length} 条申请？`,
      content: '新增的商品立即上架销售；修改立即生效。',
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        await (ids.length === 1 ? reviewOne(ids[0], true) : reviewBatch(ids, true));
        feedback.success('已通过');
        await refresh();
      },
    });
  const refuse = async () => {
    if (!refusing) return;
    const { reason } = await form.validateFields();
    await (refusing.length === 1 ? reviewOne(refusing[0], false, reason.trim()) : reviewBatch(refusing, false, reason.trim()));
    feedback.success('已驳回');
    setRefusing(null);
    form.resetFields();
    await refresh();
  };

  return (
    <ListPage<ItemPreVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="item-review-search"
      selectable={pending}
      batchBar={
        pending && (
          <Can flag="modify">
            <Flex gap={8} align="center">
              <Button type="primary" disabled={!chosen.length} onClick={() => approve(chosen)}>
                批量通过
              </Button>
              <Button danger disabled={!chosen.length} onClick={() => setRefusing(chosen)}>
                批量驳回
              </Button>
              <Typography.Text type="secondary">{chosen.length ? `已选 ${chosen.length} 条` : '勾选后可批量审核'}</Typography.Text>
            </Flex>
          </Can>
        )
      }
      emptyText={pending ? '没有待审核的商品' : '暂无记录'}
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={[
        { title: '供应商', dataIndex: 'supplierName', width: 170, ellipsis: true },
        {
          title: '商品',
          key: 'name',
          width: 220,
          render: (_, p) => (
            <Flex vertical gap={2}>
              <span>
                <Tag color={ITEM_PRE_KIND_COLORS[p.kind]}>{ITEM_PRE_KIND_LABELS[p.kind]}</Tag>
                {p.name}
              </span>
              {p.changes && <Typography.Text type="warning">{p.changes}</Typography.Text>}
              {p.nameEn && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.nameEn}
                </Typography.Text>
              )}
              <span>
                <HazardTags hazards={p.hazards} />
              </span>
            </Flex>
          ),
        },
        { title: 'CAS 号', dataIndex: 'cas', width: 110, render: (v: string | null) => v ?? '—' },
        { title: '品牌 / 货号', key: 'brand', width: 150, render: (_, p) => `${p.brand} / ${p.catalogNo}` },
        { title: '规格', key: 'spec', width: 120, render: (_, p) => [p.spec, p.grade, p.unit].filter(Boolean).join(' · ') },
        { title: '分类', dataIndex: 'category', width: 90 },
        { title: '单价', dataIndex: 'price', width: 100, align: 'right', render: (fen: number) => <MoneyCell fen={fen} /> },
        { title: '提交时间', dataIndex: 'submittedAt', width: 130, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        {
          title: '状态',
          key: 'status',
          width: 160,
          render: (_, p) => (
            <Flex vertical gap={2}>
              <span>
                <Tag color={COLOURS[p.status]}>{ITEM_PRE_STATUS_LABELS[p.status]}</Tag>
              </span>
              {p.refuseReason && <Typography.Text type="secondary">{p.refuseReason}</Typography.Text>}
            </Flex>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 120,
          fixed: 'right',
          render: (_, p) =>
            p.status === 0 ? (
              <Can flag="modify">
                <Flex gap={4}>
                  <Button type="link" size="small" onClick={() => approve([p.id])}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRefusing([p.id])}>
                    驳回
                  </Button>
                </Flex>
              </Can>
            ) : (
              '—'
            ),
        },
      ]}
    >
      <Modal
        open={refusing !== null}
        title="驳回商品申请"
        okText="确认驳回"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onOk={() => void refuse()}
        onCancel={() => setRefusing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="item-refuse">
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, min: 2, message: '请填写驳回原因' }]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="供应商将看到此原因，请写明需要修改的内容，如：缺少危险化学品经营许可证" />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
