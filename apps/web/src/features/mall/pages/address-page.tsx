import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { SearchButtons } from '../../menu-frame/components/search-buttons.tsx';
import type { AddressVO } from '../api/address-api.ts';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/use-address-queries.ts';
import { AddressFormModal } from '../components/address-form-modal.tsx';
import { addressLine } from '../components/address-picker.tsx';

interface Filter {
  keyword: string;
}

/**
 * /cass/address (menu 收货地址): the buyer's addresses with add, modify, delete and set default.
 * The server pages by current/size; the keyword narrows the loaded page on the client (it has no
 * search parameter, and a buyer keeps only a few dozen addresses).
 */
export function AddressPage() {
  const { modal } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [filter, setFilter] = useState<Filter>({ keyword: '' });
  const [form] = Form.useForm<Filter>();
  const [editing, setEditing] = useState<AddressVO | null | undefined>(undefined);
  const { data, isFetching } = useAddresses(page.current, page.size);
  const save = useSaveAddress();
  const del = useDeleteAddress();

  const rows = useMemo(() => {
    const k = filter.keyword.trim();
    const all = data?.records ?? [];
    return k ? all.filter((a) => [a.contact, a.phone, addressLine(a)].some((s) => s.includes(k))) : all;
  }, [data, filter]);

  const setDefault = (a: AddressVO) => {
    const { id, province, city, district, detail, contact, phone } = a;
    save.mutate({ id, province, city, district, detail, contact, phone, isDefault: true });
  };
  const remove = (a: AddressVO) =>
    modal.confirm({
      title: '删除收货地址',
      content: `确定删除 ${a.contact} ${addressLine(a)} 吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => del.mutateAsync(a.id),
    });

  const columns: TableColumnsType<AddressVO> = [
    { title: '收货人', dataIndex: 'contact', width: 120 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '所在地区', key: 'region', width: 220, render: (_, a) => `${a.province} ${a.city} ${a.district}` },
    { title: '详细地址', dataIndex: 'detail' },
    { title: '默认', dataIndex: 'isDefault', width: 80, render: (d: boolean) => (d ? <Tag color="purple">默认</Tag> : null) },
    {
      title: '操作',
      key: 'action',
      width: 200,
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            编辑
          </Button>
          {!a.isDefault && (
            <Button type="link" size="small" onClick={() => setDefault(a)}>
              设为默认
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => remove(a)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form<Filter> form={form} layout="inline" initialValues={{ keyword: '' }} onFinish={(v) => setFilter({ keyword: v.keyword ?? '' })}>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="收货人、手机号或地址" allowClear style={{ width: 240 }} />
          </Form.Item>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              setFilter({ keyword: '' });
            }}
          />
        </Form>
      </Card>
      <Card
        size="small"
        title="收货地址"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增地址
          </Button>
        }
      >
        <Table<AddressVO>
          rowKey="id"
          size="middle"
          loading={isFetching}
          columns={columns}
          dataSource={rows}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
          }}
        />
      </Card>
      <AddressFormModal
        open={editing !== undefined}
        address={editing ?? null}
        defaultChecked={(data?.total ?? 0) === 0}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
