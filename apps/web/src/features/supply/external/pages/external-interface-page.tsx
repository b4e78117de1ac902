import { BREAKER_TEXT, EXTERNAL_KIND_TEXT, EXTERNAL_TIMEOUT_MS, type ExternalKind } from '@kc/contracts/supply/external';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Radio, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, type ListRequest, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  createExternalInterface,
  deleteExternalInterface,
  type ExternalInterfaceBody,
  type ExternalInterfaceVO,
  getExternalInterfaces,
  modifyExternalInterface,
} from '../api/external-admin-api.ts';
import { ExternalStatsDrawer } from '../components/external-stats-drawer.tsx';

const KEY = ['external', 'interfaces'];
const KIND_OPTIONS = Object.entries(EXTERNAL_KIND_TEXT).map(([value, label]) => ({ value, label }));
const FIELDS: ListField[] = [
  { kind: 'text', name: 'name', label: '名称或代码', width: 200 },
  { kind: 'select', name: 'kind', label: '类型', width: 140, options: KIND_OPTIONS },
];
const request = (q: ListRequest) =>
  getExternalInterfaces({ current: q.current, size: q.size, name: q.name as string | undefined, kind: q.kind as string | undefined });
const BREAKER_COLOR = { closed: 'green', open: 'red', halfOpen: 'orange' } as const;

/**
 * 外部接口: the outbound lookups the item pages use (商品数据、稀释方案、摘要片段、图片数据), each with
 * a timeout of at most 1000 ms and a circuit breaker; today's calls and failures, and the log.
 */
export function ExternalInterfacePage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<ExternalInterfaceVO>({ queryKey: KEY, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ExternalInterfaceVO | 'new' | null>(null);
  const [stats, setStats] = useState<{ interfaceId?: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ExternalInterfaceBody>();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const edit = (r: ExternalInterfaceVO | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? { code: '', name: '', kind: 'item', url: 'https://', method: 'GET', timeoutMs: EXTERNAL_TIMEOUT_MS, enabled: true, remark: null }
        : { code: r.code, name: r.name, kind: r.kind, url: r.url, method: r.method, timeoutMs: r.timeoutMs, enabled: r.enabled, remark: r.remark },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const b = { ...v, remark: v.remark?.trim() || null };
      if (editing === 'new') await createExternalInterface(b);
      else if (editing) await modifyExternalInterface({ ...b, id: editing.id });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };
  const remove = (r: ExternalInterfaceVO) =>
    feedback.modal().confirm({
      title: `确认删除外部接口“${r.name}”？`,
      content: '删除后商品页不再调用它；调用统计与日志保留。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteExternalInterface(r.id);
        feedback.success('已删除');
        await refresh();
      },
    });

  return (
    <ListPage<ExternalInterfaceVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="external-search"
      toolbar={
        <Flex gap={8}>
          <Can flag="add">
            <Button type="primary" onClick={() => edit('new')}>
              新增接口
            </Button>
          </Can>
          <Button onClick={() => setStats({})}>调用统计与日志</Button>
        </Flex>
      }
      emptyText="暂无外部接口：新增“商品数据”接口后，商品页显示外部资料"
      columns={[
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
              <Button type="link" size="small" onClick={() => setStats({ interfaceId: r.id })}>
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
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增外部接口' : '编辑外部接口'}
        okText="保存"
        cancelText="取消"
        width={640}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="external-edit">
          <Flex gap={16}>
            <Form.Item
              name="name"
              label="名称"
              style={{ flex: 1 }}
              rules={[{ required: true, whitespace: true, min: 2, max: 40, message: '名称为 2-40 个字' }]}
            >
              <Input maxLength={40} placeholder="如 试剂数据库" />
            </Form.Item>
            <Form.Item
              name="code"
              label="代码"
              style={{ flex: 1 }}
              rules={[{ required: true, pattern: /^[a-z][a-z0-9_-]{1,31}$/, message: '2-32 位小写字母、数字、下划线或短横线' }]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Flex>
          <Form.Item name="kind" label="类型">
            <Radio.Group options={KIND_OPTIONS} />
          </Form.Item>
          <Form.Item
            name="url"
            label="地址"
            extra="{id} 替换为查询的编号（商品数据按 CAS 号，没有则按货号）"
            rules={[
              { required: true, pattern: /^https?:\/\/[^\s/?#]+\S*$/, message: '地址应以 http:// 或 https:// 开头且不含空格' },
              { validator: async (_, v?: string) => (v?.includes('{id}') ? undefined : Promise.reject(new Error('地址中须包含 {id}'))) },
            ]}
          >
            <Input maxLength={300} placeholder="https://api.example.com/products/{id}" />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item name="method" label="方法">
              <Select style={{ width: 120 }} options={[{ value: 'GET' }, { value: 'POST' }]} />
            </Form.Item>
            <Form.Item name="timeoutMs" label="超时（毫秒，最多 1000）">
              <InputNumber min={100} max={EXTERNAL_TIMEOUT_MS} precision={0} step={100} />
            </Form.Item>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <ExternalStatsDrawer open={stats !== null} interfaceId={stats?.interfaceId} onClose={() => setStats(null)} />
    </ListPage>
  );
}
