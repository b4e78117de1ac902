import { Typography } from 'antd';
import { money } from '../lib/format.ts';

/** A money cell: integer fen shown as ¥ with two decimals; the fen stay readable in data-fen. */
export function MoneyCell({ fen, strong, testId }: { fen: number; strong?: boolean; testId?: string }) {
  return (
    <Typography.Text strong={strong} data-testid={testId} data-fen={fen}>
      {money(fen)}
    </Typography.Text>
  );
}
