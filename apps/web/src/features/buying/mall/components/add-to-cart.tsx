import { ShoppingCartOutlined } from '@ant-design/icons';
import { MAX_LINE_QUANTITY } from '@kc/contracts/buying/mall';
import { Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useAddToCart } from '../api/use-cart-queries.ts';

/** Quantity (1 … stock) and 加入购物车, as in the result lists and the comparison table. */
export function AddToCart({ itemId, stock, size = 'middle' }: { itemId: number; stock: number; size?: 'small' | 'middle' }) {
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  const max = Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));
  const soldOut = stock <= 0;
  return (
    <Space.Compact size={size}>
      <InputNumber
        aria-label="数量"
        min={1}
        max={max}
        precision={0}
        value={quantity}
        disabled={soldOut}
        onChange={(v) => setQuantity(v ?? 1)}
        style={{ width: 72 }}
      />
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        disabled={soldOut}
        loading={add.isPending}
        onClick={() => add.mutate({ itemId, quantity: Math.min(quantity, max) })}
      >
        {soldOut ? '缺货' : '加入购物车'}
      </Button>
    </Space.Compact>
  );
}
