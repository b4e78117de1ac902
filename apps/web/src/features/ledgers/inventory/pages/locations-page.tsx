import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addLocation, deleteLocation, getLocations, type LocationInput, type LocationVO, updateLocation } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '位置', placeholder: '楼宇、房间、柜号', width: 200 }];
type FormValues = Omit<LocationInput, 'hazardCabinet' | 'enabled'> & { hazardCabinet: boolean; enabled: boolean };

/** /cass/inventory/locations (存放位置): the institute's buildings, rooms, cabinets and shelves; 危化品柜 marked. */
export function LocationsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<LocationVO>({ queryKey: inventoryKeys.locations, fields: FIELDS, request: getLocations, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<LocationVO | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: inventoryKeys.all });
  const open = (l: LocationVO | 'new') => {
    setEditing(l);
    form.setFieldsValue(
      l === 'new'
        ? { building: '', room: '', cabinet: '', shelf: '', hazardCabinet: false, enabled: true, custodian: '', remark: '' }
        : { ...l, hazardCabinet: l.hazardCabinet === 1, enabled: l.enabled === 1 },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    const body: LocationInput = { ...v, hazardCabinet: v.hazardCabinet ? 1 : 0, enabled: v.enabled ? 1 : 0 };
    setBusy(true);
    try {
      if (editing === 'new') await addLocation(body);
      else if (editing) await updateLocation(editing.id, body);
      feedback.success('存放位置已保存');
      setEditing(null);
      await refresh();
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };
  const text = (name: keyof FormValues, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}>
      <Input maxLength={40} />
    </Form.Item>
  );
  return (
    <ListPage<LocationVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="location-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')} data-testid="location-add">
            新增位置
          </Button>
        </Can>
      }
      emptyText="还没有存放位置：新增后，验收入库与移库时可选择（危险化学品只能放入标记为危化品柜的位置）"
      columns={[
        { title: '楼宇', dataIndex: 'building' },
        { title: '房间', dataIndex: 'room' },
        { title: '柜号', dataIndex: 'cabinet' },
        { title: '层/格', dataIndex: 'shelf' },
        { title: '类型', key: 'hazard', render: (_, l) => (l.hazardCabinet ? <Tag color="red">危化品柜</Tag> : <Tag>普通</Tag>) },
        { title: '保管人', key: 'custodian', render: (_, l) => l.custodian ?? '—' },
        { title: '在库容器', dataIndex: 'containers', align: 'right' },
        { title: '状态', key: 'enabled', render: (_, l) => (l.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        {
          title: '操作',
          key: 'actions',
          width: 130,
          render: (_, l) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open(l)}>
                  修改
                </Button>
              </Can>
              <Can flag="delete">
                <Popconfirm
                  title="删除该存放位置？"
                  onConfirm={async () => {
                    await deleteLocation(l.id)
                      .then(() => feedback.success('存放位置已删除'))
                      .catch(() => undefined);
                    await refresh();
                  }}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Can>
            </Flex>
          ),
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增存放位置' : '修改存放位置'}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={busy}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Flex gap={12}>
            {text('building', '楼宇')}
            {text('room', '房间')}
          </Flex>
          <Flex gap={12}>
            {text('cabinet', '柜号')}
            {text('shelf', '层/格')}
          </Flex>
          <Form.Item name="custodian" label="保管人">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
          <Flex gap={24}>
            <Form.Item name="hazardCabinet" valuePropName="checked">
              <Checkbox>危化品柜（上锁、双人保管）</Checkbox>
            </Form.Item>
            <Form.Item name="enabled" valuePropName="checked">
              <Checkbox>启用</Checkbox>
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </ListPage>
  );
}
