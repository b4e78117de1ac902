import type { OrderDetail, OrderLogVO } from '@kc/contracts/buying/orders';
import { shanghaiTime } from '../../../lib/format.ts';

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface ProgressStep {
  key: string;
  title: string;
  status: StepStatus;
  description: string;
}

const who = (l: OrderLogVO) => `${l.actorName ?? ''} ${shanghaiTime(l.createdAt)}`.trim();

/**
 * The approval and fulfilment steps of an order for the detail page: submitted, each approval
 * step of its chain, supplier fulfilment, acceptance. Each step shows who acted and when (from the
 * order log); a refusal, cancellation or stop marks the step where it happened.
 */
export function orderProgress(o: Pick<OrderDetail, 'status' | 'approvalSteps' | 'logs' | 'subOrders' | 'createdAt' | 'closeReason'>): ProgressStep[] {
  const logs = o.logs.filter((l) => l.subOrderId === null);
  const submitted = logs.find((l) => l.action === 'submit');
  const steps: ProgressStep[] = [{ key: 'submit', title: '提交订单', status: 'finish', description: submitted ? who(submitted) : shanghaiTime(o.createdAt) }];
  const closed = o.status === 'refused' || o.status === 'cancelled' || o.status === 'stopped';
  let open = false; // a step is current (process/error): later steps wait

  for (const s of o.approvalSteps) {
    const pending = o.status === `pending_${s.step}`;
    const decided = [...logs].reverse().find((l) => l.actor === s.step && (l.action === 'pass' || l.action === 'refuse'));
    let status: StepStatus = 'wait';
    let description = '';
    if (open) status = 'wait';
    else if (decided?.action === 'pass') {
      status = 'finish';
      description = `通过 · ${who(decided)}`;
    } else if (decided?.action === 'refuse') {
      status = 'error';
      description = `驳回 · ${who(decided)}`;
      open = true;
    } else if (pending) {
      status = 'process';
      description = '审批中';
      open = true;
    } else if (closed) {
      status = 'error';
      description = o.status === 'cancelled' ? '订单已取消' : o.status === 'stopped' ? '订单已终止' : '';
      open = true;
    }
    steps.push({ key: s.step, title: s.name, status, description });
  }

  const subs = o.subOrders;
  const delivered = subs.filter((s) => ['delivered', 'arrived', 'rejected', 'completed', 'refund_requested', 'refunded'].includes(s.status)).length;
  const accepted = subs.filter((s) => s.status === 'completed').length;
  let fulfil: ProgressStep = { key: 'fulfil', title: '供应商履约', status: 'wait', description: '' };
  let accept: ProgressStep = { key: 'accept', title: '到货验收', status: 'wait', description: '' };
  if (!open) {
    if (o.status === 'approved' || o.status === 'completed') {
      fulfil = {
        ...fulfil,
        status: delivered === subs.length ? 'finish' : 'process',
        description: subs.length ? `已发货 ${delivered}/${subs.length} 个子订单` : '',
      };
      if (delivered === subs.length) {
        accept = { ...accept, status: o.status === 'completed' ? 'finish' : 'process', description: `已验收 ${accepted}/${subs.length} 个子订单` };
      }
    } else if (closed) {
      fulfil = { ...fulfil, status: 'error', description: o.status === 'stopped' ? '订单已终止' : '订单已关闭' };
    }
  }
  steps.push(fulfil, accept, { key: 'done', title: '完成', status: o.status === 'completed' ? 'finish' : 'wait', description: '' });
  return steps;
}
