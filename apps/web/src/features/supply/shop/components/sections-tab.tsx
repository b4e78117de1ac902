import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import type { PageFlags } from '../../../../components/page-flags-rule.ts';
import { api } from '../../../../lib/api-client.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { assignSectionItems, getSections, type ShopSectionVO, saveSection } from '../api/shop-content-api.ts';
import { shopKeys } from '../api/shop-query-keys.ts';
import { BareFrame } from './bare-frame.tsx';
import { ContentActions } from './content-actions.tsx';
import { REVIEW_TABS, ReviewState, windowText } from './review-state.tsx';
import { fromWindow, toWindow, WindowFields } from './window-fields.tsx';

type Values = { name: string; sort: number; startAt?: Dayjs | null; endAt?: Dayjs | null };
type ItemOption = { id: number; name: string; catalogNo: string | null; spec: string };

/** 栏目: name, order and window, reviewed; the supplier puts its own items into a section. */
export function SectionsTab({ flags }: { flags: PageFlags }) {
  const client = useQueryClient();
  const list = useListPage<ShopSectionVO>({ queryKey: shopKeys.sections, tabs: REVIEW_TABS, request: getSections, flags });
  const [editing, setEditing] = useState<ShopSectionVO | 'new' | null>(null);
  const [filling, setFilling] = useState<ShopSectionVO | null>(null);
  const [options, setOptions] = useState<ItemOption[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [form] = Form.useForm<Values>();
  const refresh = () => client.invalidateQueries({ queryKey: shopKeys.sections });
  const open = (row: ShopSectionVO | 'new') => {
    setEditing(row);
    if (row === 'new') form.setFieldsValue({ name: '', sort: 0, startAt: null, endAt: null });
    else {
      const v = row.pending && row.status !== SHOP_REVIEW.APPROVED ? row.pending : row;
      form.setFieldsValue({ name: v.name, sort: v.sort, ...fromWindow(v.startAt, v.endAt) });
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    await saveSection({ id: editing === 'new' || !editing ? undefined : editing.id, name: v.name.trim(), sort: v.sort ?? 0, ...toWindow(v) });
    feedback.success('已提交，平台审核通过后买家可见');
    setEditing(null);
    await refresh();
  };
  const search = async (keyword: string) => {
    const page = await api.get<{ records: ItemOption[] }>('/supplier/v1/item/plist', { tab: 'onShelf', keyword: keyword || undefined, current: 1, size: 50 });
    setOptions(page.records);
  };
  const assign = async () => {
    if (!filling || chosen.length === 0) return;
    await assignSectionItems(filling.id, chosen);
    feedback.success(`已将 ${chosen.length} 个商品放入“${filling.name}”`);
    setFilling(null);
    setChosen([]);
    await refresh();
  };
  return (
    <ListPage<ShopSectionVO>
      list={list}
      title="栏目"
      frame={BareFrame}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增栏目
          </Button>
        </Can>
      }
      emptyText="还没有栏目"
      table={{ size: 'middle', scroll: { x: 900 } }}
      columns={[
        {
          title: '栏目名称',
          key: 'name',
          render: (_, s) => (
            <Flex vertical gap={2}>
              <span>{s.name}</span>
              {s.pending && s.live && <Typography.Text type="warning">待生效版本：{s.pending.name}</Typography.Text>}
            </Flex>
          ),
        },
        { title: '排序', dataIndex: 'sort', width: 70 },
        { title: '商品数', dataIndex: 'itemCount', width: 80 },
        { title: '展示时间', key: 'window', width: 220, render: (_, s) => windowText(s.startAt, s.endAt) },
        { title: '状态', key: 'status', width: 200, render: (_, s) => <ReviewState {...s} /> },
        {
          title: '操作',
          key: 'actions',
          width: 220,
          fixed: 'right',
          render: (_, s) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setFilling(s);
                    void search('');
                  }}
                >
                  放入商品
                </Button>
              </Can>
              <ContentActions kind="section" row={s} onEdit={() => open(s)} onDone={refresh} />
            </Flex>
          ),
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增栏目' : '修改栏目'}
        okText="提交审核"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="shop-section-edit">
          <Flex gap={12}>
            <Form.Item name="name" label="栏目名称" rules={[{ required: true, whitespace: true, message: '请填写栏目名称' }]} style={{ flex: 1 }}>
              <Input maxLength={20} showCount placeholder="如：色谱溶剂" />
            </Form.Item>
            <Form.Item name="sort" label="排序" style={{ width: 100 }}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <WindowFields />
        </Form>
      </Modal>
      <Modal
        open={filling !== null}
        title={`放入商品：${filling?.name ?? ''}`}
        okText="放入栏目"
        cancelText="取消"
        okButtonProps={{ disabled: chosen.length === 0 }}
        onOk={() => void assign()}
        onCancel={() => setFilling(null)}
        width={640}
      >
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder="按名称、CAS 号或货号查找在售商品"
          filterOption={false}
          showSearch={{ onSearch: (v: string) => void search(v) }}
          value={chosen}
          onChange={setChosen}
          options={options.map((o) => ({ value: o.id, label: `${o.name}（${o.catalogNo ?? '—'} · ${o.spec}）` }))}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          一个商品只属于一个栏目，放入后从原栏目移出；栏目审核通过并在展示时间内时，买家可按栏目浏览。
        </Typography.Paragraph>
      </Modal>
    </ListPage>
  );
}
