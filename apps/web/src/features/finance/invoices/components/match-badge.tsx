import { MATCH_STATE_TEXT, type MatchState, type SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import { Tag, Tooltip } from 'antd';

const COLOR: Record<MatchState, string> = { none: 'default', partial: 'gold', matched: 'green', exception: 'red' };

/**
 * The three-way match of a sub-order as a badge (未开票 / 部分开票 / 已匹配 / 异常), its problems
 * in the tooltip; the same badge for the buyer, the supplier and finance.
 */
export function MatchBadge({ match, onClick }: { match: Pick<SubOrderMatch, 'state' | 'problems'>; onClick?: () => void }) {
  const tag = (
    <Tag color={COLOR[match.state]} data-testid="match-badge" data-state={match.state} style={onClick ? { cursor: 'pointer' } : undefined} onClick={onClick}>
      {MATCH_STATE_TEXT[match.state]}
    </Tag>
  );
  return match.problems.length ? <Tooltip title={match.problems.join('；')}>{tag}</Tooltip> : tag;
}
