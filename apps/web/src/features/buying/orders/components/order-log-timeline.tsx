import type { OrderLogVO } from '@kc/contracts/buying/orders';
import { Empty, Timeline, Typography } from 'antd';
import { shanghaiTime } from '../../../../lib/format.ts';
import { actionText, actorText, logStatusText } from '../order-status.ts';

const COLOR: Record<string, string> = { refuse: 'red', reject: 'red', stop: 'red', cancel: 'gray', refund: 'orange', complete: 'green', accept: 'green' };

/** The order log as a timeline: who did what, when, from which state to which, and why. */
export function OrderLogTimeline({ logs, subNoOf }: { logs: OrderLogVO[]; subNoOf?: (subOrderId: number) => string | undefined }) {
  if (!logs.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无日志" />;
  return (
    <Timeline
      data-testid="order-log"
      items={logs.map((l) => {
        const sub = l.subOrderId !== null ? subNoOf?.(l.subOrderId) : undefined;
        return {
          key: l.id,
          color: COLOR[l.action] ?? 'blue',
          content: (
            <div data-testid="log-row" data-action={l.action}>
              <div style={{ fontSize: 12, color: '#999' }}>{shanghaiTime(l.createdAt, true)}</div>
              <Typography.Text strong>{actionText(l.action, l.actor)}</Typography.Text>
              <Typography.Text type="secondary">
                {' '}
                · {actorText(l.actor)}
                {l.actorName ? ` ${l.actorName}` : ''}
                {sub ? ` · 子订单 ${sub}` : ''}
              </Typography.Text>
              {l.toStatus && (
                <div style={{ fontSize: 12, color: '#666' }}>
                  {l.fromStatus ? `${logStatusText(l.fromStatus, l.subOrderId !== null)} → ` : ''}
                  {logStatusText(l.toStatus, l.subOrderId !== null)}
                </div>
              )}
              {l.reason && <div style={{ color: '#cf1322' }}>原因：{l.reason}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
