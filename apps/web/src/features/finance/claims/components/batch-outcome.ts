import type { BatchResult } from '@kc/contracts/buying/orders';
import { feedback } from '../../../../lib/feedback.ts';

/** A batch's outcome: all done, or which claims failed and why (each claim is its own move on the server). */
export function showClaimResults(action: string, results: BatchResult[], noOf: (id: number) => string) {
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) {
    feedback.success(`${action}：${results.length} 张报销单已处理`);
    return;
  }
  feedback.modal().warning({
    title: `${action}：成功 ${results.length - failed.length} 张，失败 ${failed.length} 张`,
    okText: '知道了',
    content: failed.map((r) => `${noOf(r.id)}：${r.message}`).join('\n'),
  });
}
