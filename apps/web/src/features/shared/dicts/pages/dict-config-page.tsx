import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, InputNumber, Modal, Select, Switch, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, useListPage, usePagedQuery } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { dictKeys } from '../api/dict-query-keys.ts';
import { addOwnItem, type DictConfigTypeVO, type DictInstituteRow, getDictInstitutes, getDictLog, getInstituteDicts, saveOverride } from '../api/dicts-api.ts';

const FIELDS: ListField[] = [{ kind: 'text', name: 'name', label: '研究所', width: 200 }];
type ConfigItem = DictConfigTypeVO['items'][number];

/**
 * 研究所字典配置: each institute hides, renames or reorders the platform's items for its own users
 * and adds items only it has; every change is in the operation log. The platform configures any
 * institute; an institute owner sees only its own.
 */
export function DictConfigPage({ entry, home }: MenuPageProps) {
  const list = useListPage<DictInstituteRow>({ queryKey: dictKeys.configs, fields: FIELDS, request: getDictInstitutes, flags: usePageFlags(entry) });
  const [open, setOpen] = useState<DictInstituteRow | null>(null);
  return (
    <ListPage<DictInstituteRow>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="dict-config-search"
      emptyText="暂无研究所"
      columns={[
        { title: '研究所', dataIndex: 'instituteName' },
        { title: '已调整的字典项', dataIndex: 'overrides', width: 140 },
        { title: '本所字典项', dataIndex: 'ownItems', width: 120 },
        { title: '最近修改', dataIndex: 'updatedAt', width: 170, render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—') },
        {
          title: '操作',
          key: 'a',
          width: 100,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => setOpen(r)}>
              配置
            </Button>
          ),
        },
      ]}
    >
      {open && <InstituteDrawer row={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}

function InstituteDrawer({ row, onClose }: { row: DictInstituteRow; onClose: () => void }) {
  const client = useQueryClient();
  const key = dictKeys.institute(row.instituteId);
  const dicts = useQuery({ queryKey: key, queryFn: () => getInstituteDicts(row.instituteId) });
  const [code, setCode] = useState<string>('pay_time');
  const { query: log, pagination: logPagination } = usePagedQuery({
    queryKey: dictKeys.instituteLog(row.instituteId),
    queryFn: (page) => getDictLog({ ...page, instituteId: row.instituteId }),
    showTotal: (n) => `共 ${n} 条`,
  });
  const [editing, setEditing] = useState<ConfigItem | 'new' | null>(null);
  const [form] = Form.useForm();
  const type = dicts.data?.find((d) => d.code === code) ?? dicts.data?.[0];
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: dictKeys.configs });
  };
  const save = async (item: ConfigItem, change: { hidden?: boolean; label?: string | null; sort?: number | null }) => {
    const label = change.label !== undefined ? change.label : item.overridden && item.label !== item.baseLabel ? item.label : null;
    await saveOverride({
      instituteId: row.instituteId,
      itemId: item.itemId,
      hidden: change.hidden ?? item.hidden,
      label: item.own ? (label ?? item.label) : label === item.baseLabel ? null : label,
      sort: change.sort !== undefined ? change.sort : item.overridden ? item.sort : null,
    });
    feedback.success('已保存');
    await refresh();
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (editing === 'new' && type)
      await addOwnItem({ instituteId: row.instituteId, typeId: type.typeId, value: v.value.trim(), label: v.label.trim(), sort: v.sort ?? 0 });
    else if (editing && editing !== 'new') await save(editing, { label: v.label.trim(), sort: v.sort ?? null });
    if (editing === 'new') feedback.success('已新增');
    setEditing(null);
    await refresh();
  };
  return (
    <Drawer open title={`${row.instituteName} · 字典配置`} width={860} onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'items',
            label: '字典项',
            children: (
              <>
                <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
                  <Select
                    style={{ width: 240 }}
                    value={type?.code}
                    onChange={setCode}
                    options={(dicts.data ?? []).map((d) => ({ value: d.code, label: `${d.name}（${d.code}）` }))}
                    aria-label="字典"
                  />
                  <Can flag="add">
                    <Button
                      onClick={() => {
                        form.resetFields();
                        setEditing('new');
                      }}
                    >
                      新增本所字典项
                    </Button>
                  </Can>
                </Flex>
                <Table<ConfigItem>
                  size="small"
                  rowKey="itemId"
                  loading={dicts.isLoading}
                  pagination={false}
                  dataSource={type?.items ?? []}
                  columns={[
                    { title: '字典值', dataIndex: 'value', width: 160 },
                    { title: '平台名称', dataIndex: 'baseLabel', render: (l: string, i) => (i.own ? <Tag color="blue">本所专有</Tag> : l) },
                    { title: '本所显示', dataIndex: 'label' },
                    { title: '排序', dataIndex: 'sort', width: 70 },
                    {
                      title: '隐藏',
                      dataIndex: 'hidden',
                      width: 80,
                      render: (h: boolean, i) => <Switch size="small" checked={h} aria-label={`隐藏 ${i.value}`} onChange={(v) => save(i, { hidden: v })} />,
                    },
                    {
                      title: '操作',
                      key: 'a',
                      width: 150,
                      render: (_, i) => (
                        <Can flag="modify">
                          <Flex gap={4}>
                            <Button
                              type="link"
                              size="small"
                              onClick={() => {
                                form.setFieldsValue({ value: i.value, label: i.label, sort: i.sort });
                                setEditing(i);
                              }}
                            >
                              改名 / 排序
                            </Button>
                            {i.overridden && (
                              <Button type="link" size="small" onClick={() => save(i, { hidden: false, label: null, sort: null })}>
                                恢复默认
                              </Button>
                            )}
                          </Flex>
                        </Can>
                      ),
                    },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'log',
            label: '操作日志',
            children: (
              <Table
                size="small"
                rowKey="id"
                loading={log.isLoading}
                dataSource={log.data?.records ?? []}
                pagination={logPagination}
                columns={[
                  { title: '时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
                  { title: '操作人', dataIndex: 'userName', width: 100 },
                  { title: '操作', dataIndex: 'actionText', width: 130 },
                  { title: '字典', dataIndex: 'typeCode', width: 120 },
                  { title: '字典值', dataIndex: 'itemValue', width: 100 },
                  { title: '内容', dataIndex: 'detail', ellipsis: true },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增本所字典项' : '改名 / 排序'}
        okText="保存"
        cancelText="取消"
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="dict-config-form">
          <Form.Item name="value" label="字典值" rules={[{ required: true, message: '请填写字典值' }]}>
            <Input maxLength={40} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="label" label="本所显示名称" rules={[{ required: true, message: '请填写显示名称' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
