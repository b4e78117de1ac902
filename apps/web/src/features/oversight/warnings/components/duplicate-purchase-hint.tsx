import { Perm } from '@kc/contracts/platform/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { hasPerm } from '../../../../lib/access.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { warningKeys } from '../api/warning-query-keys.ts';
import { getDuplicateHints } from '../api/warnings-api.ts';

/**
 * 重复采购 at checkout (the institute's duplicate-purchase rule): the items of this order the team
 * bought within the rule's days or still holds in stock. A hint, never a block.
 */
export function DuplicatePurchaseHint({ lines }: { lines: { itemId: number; name: string }[] }) {
  const { data: info } = useUserAllInfo();
  const ids = [...new Set(lines.map((l) => l.itemId))].slice(0, 100);
  const allowed = hasPerm(info, Perm.WARNING_VIEW) && ids.length > 0;
  const { data: hints = [] } = useQuery({
    queryKey: warningKeys.duplicates(ids),
    queryFn: () => getDuplicateHints(ids),
    enabled: allowed,
    staleTime: 60_000,
  });
  if (hints.length === 0) return null;
  const name = new Map(lines.map((l) => [l.itemId, l.name]));
  return (
    <Alert
      type="warning"
      showIcon
      title="可能重复采购"
      data-testid="duplicate-purchase-hint"
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {hints.map((h) => (
            <li key={h.itemId}>
              {name.get(h.itemId)}：{h.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
