import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { findMenuEntry } from '../../../../lib/menu-entries.ts';
import { BUYER_HOME } from '../../../../lib/session.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { type AddressVO, getPageUserRecAddress } from '../api/address-api.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { useDeleteAddress, useSaveAddress } from '../api/use-address-queries.ts';
import { AddressFormModal } from '../components/address-form-modal.tsx';
import { addressLine } from '../components/address-picker.tsx';

const ADDRESS_PATH = '/cass/address';
const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '关键字', placeholder: '收货人、手机号或地址', width: 240 }];

/**
 * The server pages by current/size; the keyword narrows the loaded page on the client (it has no
 * search parameter, and a buyer keeps only a few dozen addresses).
 */
async function addressPage({ current, size, keyword }: { current: number; size: number; keyword?: string | number }) {
  const page = await getPageUserRecAddress(current, size);
  const k = String(keyword ?? '').trim();
  return k ? { ...page, records: page.records.filter((a) => [a.contact, a.phone, addressLine(a)].some((s) => s.includes(k))) } : page;
}

/** /cass/address (menu 收货地址): the buyer's addresses with add, modify, delete and set default (one's own records: no page flags). */
export function AddressPage() {
  const { modal } = App.useApp();
  const { data: info } = useUserAllInfo();
  const parents = (info && findMenuEntry(info, ADDRESS_PATH)?.parents) ?? [];
  const list = useListPage<AddressVO>({ queryKey: mallKeys.addressList, fields: FIELDS, request: addressPage });
  const [editing, setEditing] = useState<AddressVO | null | undefined>(undefined);
  const save = useSaveAddress();
  const del = useDeleteAddress();

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
    <ListPage<AddressVO>
      list={list}
      title="收货地址"
      parents={parents}
      home={BUYER_HOME}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新增地址
        </Button>
      }
      columns={columns}
      table={{ size: 'middle' }}
    >
      <AddressFormModal open={editing !== undefined} address={editing ?? null} defaultChecked={list.total === 0} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
