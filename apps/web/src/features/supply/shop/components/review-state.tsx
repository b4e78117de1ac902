import { SHOP_REVIEW, SHOP_REVIEW_LABEL } from '@kc/contracts/supply/shop';
import { Flex, Tag, Typography } from 'antd';

const COLOURS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };

/** A thing's review: the latest submission's state, whether buyers see an approved version, the refusal reason. */
export function ReviewState({ status, live, refuseReason }: { status: number; live: boolean; refuseReason: string | null }) {
  return (
    <Flex vertical gap={2}>
      <span>
        <Tag color={COLOURS[status]}>{SHOP_REVIEW_LABEL[status]}</Tag>
        {live ? <Tag color="green">展示中</Tag> : <Tag>未展示</Tag>}
      </span>
      {status === SHOP_REVIEW.REFUSED && refuseReason && <Typography.Text type="danger">驳回原因：{refuseReason}</Typography.Text>}
    </Flex>
  );
}

/** 'YYYY-MM-DD HH:mm' – 'YYYY-MM-DD HH:mm', or 长期 when open. */
export function windowText(startAt: string | null, endAt: string | null) {
  if (!startAt && !endAt) return '长期';
  return `${startAt?.slice(0, 16) ?? '即日'} 至 ${endAt?.slice(0, 16) ?? '长期'}`;
}

/** Tabs of a supplier's list by review state (names, not codes: the client drops nothing but is explicit). */
export const REVIEW_TABS = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'refused', label: '已驳回' },
  { key: 'withdrawn', label: '已撤回' },
] as const;
