import { Tag } from 'antd';
import type { StatusTable } from './status-table.ts';

export { type StatusTable, statusTable } from './status-table.ts';

/** A state as a coloured tag from its table; unknown states show as they are. `text` overrides the label (the server's own wording). */
export function StatusTag({ value, table, text, testId }: { value: string | number; table: StatusTable; text?: string; testId?: string }) {
  const entry = table[value];
  return (
    <Tag color={entry?.color ?? 'default'} data-testid={testId} data-status={value}>
      {text ?? entry?.label ?? value}
    </Tag>
  );
}
