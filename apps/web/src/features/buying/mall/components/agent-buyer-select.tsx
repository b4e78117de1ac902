import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Select, Typography } from 'antd';
import { buyerLabel, buyerOptions, chosenBuyer, SELF } from '../agent-buyers.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { getAgentBuyers } from '../api/order-api.ts';

/** The buyers an assistant may order for change with team membership only: a few minutes is fresh enough. */

export function useAgentBuyers() {
  return useQuery({ queryKey: mallKeys.agentBuyers, queryFn: getAgentBuyers, staleTime: 5 * 60_000 });
}

/**
 * 采购人 on the confirm page (代下单): an assistant orders for oneself (本人, no buyerId) or for a
 * buyer of the team; nothing shows for anyone the server lists no buyers for.
 */
export function AgentBuyerSelect({ value, onChange }: { value: number | undefined; onChange: (buyerId: number | undefined) => void }) {
  const { data: buyers = [] } = useAgentBuyers();
  if (buyers.length === 0) return null;
  const chosen = chosenBuyer(buyers, value);
  return (
    <Card size="small" title="采购人" data-testid="agent-buyer">
      <Flex align="center" gap={12} wrap>
        <Select<number>
          aria-label="采购人"
          data-testid="agent-buyer-select"
          style={{ minWidth: 240 }}
          value={chosen?.id ?? SELF}
          options={buyerOptions(buyers)}
          onChange={(id) => onChange(id === SELF ? undefined : id)}
        />
        <Typography.Text type={chosen ? 'warning' : 'secondary'} data-testid="agent-buyer-hint">
          {chosen
            ? `将为 ${buyerLabel(chosen)} 代下单：订单属于该采购人，并按其所在课题组的审批流程审批`
            : '您可以为本课题组的采购人代下单，订单将按该采购人所在课题组的审批流程审批'}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
