import { yuan } from '@kc/contracts/buying/mall';
import { Typography } from 'antd';
import type { CSSProperties } from 'react';

/** ¥ and yuan with two decimals from integer fen. */
export function formatYuan(fen: number): string {
  return `¥${yuan(fen)}`;
}

/** A price in the marketplace's red. */
export function PriceText({
  fen,
  size,
  strong = true,
  style,
  testId,
}: {
  fen: number;
  size?: number;
  strong?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-fen={fen}
      style={{ color: '#f5222d', fontWeight: strong ? 600 : undefined, fontSize: size, whiteSpace: 'nowrap', ...style }}
    >
      {formatYuan(fen)}
    </span>
  );
}

/**
 * What this buyer pays in a result list: their 协议价 or a 促销 price, with the list price struck
 * through beside it and the note (九二折, 促销价) under it; the list price alone where they agree.
 */
export function BuyerPriceText({ item, size }: { item: { price: number; listPrice: number; priceNote: string | null }; size?: number }) {
  if (item.price === item.listPrice) return <PriceText fen={item.price} size={size} testId="result-price" />;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <PriceText fen={item.price} size={size} testId="result-price" />{' '}
      <Typography.Text delete type="secondary" style={{ fontSize: 12 }} data-testid="result-list-price">
        {formatYuan(item.listPrice)}
      </Typography.Text>
      {item.priceNote && (
        <Typography.Text type="success" style={{ fontSize: 12, marginLeft: 4 }} data-testid="result-price-note">
          {item.priceNote}
        </Typography.Text>
      )}
    </span>
  );
}
