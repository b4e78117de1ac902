import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { BatchResult } from '@kc/contracts/buying/orders';
import { List, Typography } from 'antd';
import { feedback } from '../../../../lib/feedback.ts';

/**
 * The outcome of a batch pass or refuse: one line per order (each order is its own move on the
 * server; some may have been handled by someone else meanwhile).
 */
export function showBatchResults(action: string, results: BatchResult[], orderNoOf: (id: number) => string) {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.length - ok;
  if (failed === 0) {
    feedback.success(`${action}：${ok} 个订单已处理`);
    return;
  }
  const modal = feedback.modal();
  (ok ? modal.warning : modal.error)({
    title: `${action}：成功 ${ok} 个，失败 ${failed} 个`,
    width: 560,
    okText: '知道了',
    content: (
      <List
        size="small"
        data-testid="batch-results"
        dataSource={results}
        renderItem={(r) => (
          <List.Item>
            <span>
              {r.ok ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />} {orderNoOf(r.id)}
            </span>
            <Typography.Text type={r.ok ? 'success' : 'danger'}>{r.message}</Typography.Text>
          </List.Item>
        )}
      />
    ),
  });
}
