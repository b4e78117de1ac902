import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AddressVO } from '../api/address-api.ts';
import { useAddresses } from '../api/use-address-queries.ts';
import { AddressFormModal } from './address-form-modal.tsx';

export const addressLine = (a: AddressVO) => `${a.province} ${a.city} ${a.district} ${a.detail}`;

/** 收货地址 on the confirm page: the buyer's addresses as radios, and 新增地址 in a dialog. */
export function AddressPicker({ value, onChange }: { value: number | undefined; onChange: (id: number) => void }) {
  const { data, isLoading } = useAddresses();
  const [adding, setAdding] = useState(false);
  const addresses = data?.records ?? [];
  return (
    <Card
      size="small"
      title="收货地址"
      loading={isLoading}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增地址
        </Button>
      }
      data-testid="address-picker"
    >
      {addresses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无收货地址，请先新增地址" />
      ) : (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%' }}>
          <Flex vertical gap={8}>
            {addresses.map((a) => (
              <Radio key={a.id} value={a.id}>
                <Space size="middle" wrap>
                  <Typography.Text strong>{a.contact}</Typography.Text>
                  <span>{a.phone}</span>
                  <span>{addressLine(a)}</span>
                  {a.isDefault && <Tag color="purple">默认</Tag>}
                </Space>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      )}
      <AddressFormModal open={adding} address={null} defaultChecked={addresses.length === 0} onClose={() => setAdding(false)} onSaved={onChange} />
    </Card>
  );
}
