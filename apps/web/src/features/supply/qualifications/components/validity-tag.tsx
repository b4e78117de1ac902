import { QUALIFICATION_STATUS_TEXT, VALIDITY_TEXT } from '@kc/contracts/supply/qualifications';
import { Flex, Tag, Typography } from 'antd';
import type { QualificationVO } from '../api/qualifications-api.ts';

const VALIDITY_COLOUR: Record<QualificationVO['validity'], string> = {
  longTerm: 'success',
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  notYet: 'default',
};
const STATUS_COLOUR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** 有效 / 即将过期（还剩 N 天）/ 已过期 / 长期有效 / 未生效. */
export function ValidityTag({ q }: { q: Pick<QualificationVO, 'validity' | 'daysLeft'> }) {
  const days = q.validity === 'expiring' && q.daysLeft !== null ? `（还剩 ${q.daysLeft} 天）` : '';
  return <Tag color={VALIDITY_COLOUR[q.validity]}>{`${VALIDITY_TEXT[q.validity]}${days}`}</Tag>;
}

/** Period of validity as text: 2024-03-18 至 2027-03-17, or 长期. */
export const periodText = (q: Pick<QualificationVO, 'validFrom' | 'validTo'>) => `${q.validFrom} 至 ${q.validTo ?? '长期'}`;

/** Review state with the refusal reason under it. */
export function ReviewState({ q }: { q: Pick<QualificationVO, 'status' | 'refuseReason'> }) {
  return (
    <Flex vertical gap={2}>
      <span>
        <Tag color={STATUS_COLOUR[q.status]}>{QUALIFICATION_STATUS_TEXT[q.status]}</Tag>
      </span>
      {q.refuseReason && <Typography.Text type="secondary">{q.refuseReason}</Typography.Text>}
    </Flex>
  );
}
