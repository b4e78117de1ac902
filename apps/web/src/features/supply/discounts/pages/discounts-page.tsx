import type { DeptDiscountVO } from '@kc/contracts/supply/discounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { discountKeys } from '../api/discount-query-keys.ts';
import {
  addDiscount,
  type DeptDiscountBody,
  deleteDiscount,
  findItems,
  getDepts,
  getDiscounts,
  getInstitutes,
  setDiscountEnabled,
  updateDiscount,
} from '../api/discounts-api.ts';
import { discountColumns } from '../components/discount-columns.tsx';

const TABS = [
  { key: 'all', label: '全部' },
  { key: 'active', label: '启用' },
  { key: 'disabled', label: '已停用' },
] as const;
const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '商品', placeholder: '商品名称或货号', width: 220 }];

interface RuleForm {
  instituteId: number;
  deptId?: number;
  itemId?: number;
  kind: 'rate' | 'price';
  /** 折, e.g. 9.2 */
  zhe?: number;
  /** yuan */
  yuan?: number;
  range: [Dayjs, Dayjs];
  note?: string;
}

/**
 * 协议价: the supplier's discount rates and negotiated prices for an institute or one of its
 * departments (and those below), on all items or one, within dates. The most specific rule wins
 * at the buyer's cart, checkout and order; the buyer never pays more than the list price.
 */
export function DiscountsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<DeptDiscountVO>({ queryKey: discountKeys.all, fields: FIELDS, tabs: TABS, request: getDiscounts, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<DeptDiscountVO | 'new' | null>(null);
  const [itemSearch, setItemSearch] = useState('');
  const [form] = Form.useForm<RuleForm>();
  const instituteId = Form.useWatch('instituteId', form);
  const kind = Form.useWatch('kind', form);
  const institutes = useQuery({ queryKey: discountKeys.institutes, queryFn: getInstitutes, enabled: editing !== null });
  const depts = useQuery({ queryKey: discountKeys.depts(instituteId), queryFn: () => getDepts(instituteId), enabled: editing !== null && !!instituteId });
  const items = useQuery({ queryKey: discountKeys.items(itemSearch), queryFn: () => findItems(itemSearch), enabled: editing !== null });
  const refresh = () => client.invalidateQueries({ queryKey: discountKeys.all });

  const open = (row: DeptDiscountVO | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') form.setFieldsValue({ kind: 'rate', range: [dayjs(), dayjs().add(1, 'year')] });
    else
      form.setFieldsValue({
        instituteId: row.instituteId,
        deptId: row.deptId ?? undefined,
        itemId: row.itemId ?? undefined,
        kind: row.kind,
        zhe: row.rate !== null ? row.rate / 100 : undefined,
        yuan: row.price !== null ? row.price / 100 : undefined,
        range: [dayjs(row.validFrom), dayjs(row.validTo)],
        note: row.note ?? undefined,
      });
  };

  const save = async () => {
    const v = await form.validateFields();
    const body: DeptDiscountBody = {
      instituteId: v.instituteId,
      deptId: v.deptId,
      itemId: v.itemId,
      kind: v.kind,
      rate: v.kind === 'rate' ? Math.round((v.zhe ?? 0) * 100) : undefined,
      price: v.kind === 'price' ? Math.round((v.yuan ?? 0) * 100) : undefined,
      validFrom: v.range[0].format('YYYY-MM-DD'),
      validTo: v.range[1].format('YYYY-MM-DD'),
      note: v.note?.trim() || undefined,
    };
    if (editing === 'new') await addDiscount(body);
    else if (editing) await updateDiscount(editing.id, body);
    feedback.success('已保存');
    setEditing(null);
    await refresh();
  };

  const remove = (row: DeptDiscountVO) =>
    feedback.modal().confirm({
      title: '删除协议价',
      content: `删除后，${row.instituteName}${row.deptName ? ` ${row.deptName}` : ''} 的采购人按目录价购买${row.itemName ? `“${row.itemName}”` : '本店商品'}。已下的订单不受影响。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDiscount(row.id);
        feedback.success('已删除');
        await refresh();
      },
    });

  const toggle = async (row: DeptDiscountVO) => {
    await setDiscountEnabled(row.id, row.status !== 1);
    feedback.success(row.status === 1 ? '已停用' : '已启用');
    await refresh();
  };

  return (
    <ListPage<DeptDiscountVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')} data-testid="discount-add">
            新增协议价
          </Button>
        </Can>
      }
      emptyText="还没有协议价：为签约研究所或其部门设置折扣或单品协议价后，其采购人在购物车与下单时按协议价结算"
      columns={discountColumns({ open, remove, toggle })}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增协议价' : '修改协议价'}
        onCancel={() => setEditing(null)}
        onOk={() => void save().catch(() => undefined)}
        okText="保存"
        destroyOnHidden
        width={560}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="instituteId" label="研究所" rules={[{ required: true, message: '请选择研究所' }]}>
            <Select
              placeholder="有供货合同的研究所"
              loading={institutes.isLoading}
              options={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
              onChange={() => form.setFieldValue('deptId', undefined)}
            />
          </Form.Item>
          <Form.Item name="deptId" label="部门" extra="不选则全所适用；选择部门时对该部门及下级部门适用，比全所的规则优先">
            <Select allowClear placeholder="全所" disabled={!instituteId} options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item name="kind" label="优惠方式" rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'rate', label: '折扣' },
                { value: 'price', label: '单品协议价' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="itemId"
            label="商品"
            rules={kind === 'price' ? [{ required: true, message: '协议价须选择商品' }] : []}
            extra={kind === 'rate' ? '不选则本店全部商品适用' : undefined}
          >
            <Select
              allowClear
              showSearch
              filterOption={false}
              onSearch={setItemSearch}
              placeholder="输入名称、CAS 号或货号查找"
              loading={items.isLoading}
              options={(items.data?.records ?? []).map((it) => ({
                value: it.id,
                label: `${it.name} ${it.spec}（${it.catalogNo ?? '无货号'}，¥${(it.price / 100).toFixed(2)}）`,
              }))}
            />
          </Form.Item>
          {kind === 'price' ? (
            <Form.Item name="yuan" label="协议价（元）" rules={[{ required: true, message: '请输入协议价' }]}>
              <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <Form.Item name="zhe" label="折扣（折）" rules={[{ required: true, message: '请输入折扣，如 9.2' }]} extra="如 9.2 表示按目录价的 92% 结算">
              <InputNumber min={1} max={9.99} step={0.1} precision={2} style={{ width: 200 }} addonAfter="折" />
            </Form.Item>
          )}
          <Form.Item name="range" label="有效期" rules={[{ required: true, message: '请选择有效期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="note" label="备注">
            <Input maxLength={200} placeholder="如：2026 年度框架协议第 3 条" />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
