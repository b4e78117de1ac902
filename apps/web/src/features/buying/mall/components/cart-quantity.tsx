import { MAX_LINE_QUANTITY } from '@kc/contracts/buying/mall';
import { InputNumber } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '../api/cart-api.ts';
import { useModifyCartNum } from '../api/use-cart-queries.ts';

const SETTLE_MS = 400;

/** Quantity of a cart line, 1 … stock; a change settles for 400 ms before modifyItemNum is called. */
export function CartQuantity({ line }: { line: CartLine }) {
  const modify = useModifyCartNum();
  const [value, setValue] = useState(line.quantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const max = Math.max(1, Math.min(line.stock, MAX_LINE_QUANTITY));

  // the server's quantity wins after every reload
  useEffect(() => setValue(line.quantity), [line.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (v: number | null) => {
    const quantity = Math.min(Math.max(1, v ?? 1), max);
    setValue(quantity);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (quantity !== line.quantity) modify.mutate({ id: line.id, quantity }, { onError: () => setValue(line.quantity) });
    }, SETTLE_MS);
  };

  return (
    <InputNumber
      aria-label={`${line.name} 数量`}
      size="small"
      min={1}
      max={max}
      precision={0}
      value={value}
      disabled={!line.available || line.stock <= 0}
      status={line.overStock ? 'error' : undefined}
      onChange={change}
      style={{ width: 90 }}
    />
  );
}
