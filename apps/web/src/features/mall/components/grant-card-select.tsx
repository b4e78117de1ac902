import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../../../lib/feedback.ts';
import { money } from '../../../lib/format.ts';
import { getUsableCards, setDefaultCard, type UsableCardVO } from '../api/order-api.ts';

export const usableCardsKey = ['mall', 'usableCards'] as const;

const label = (c: UsableCardVO) => `${c.cardNo} ${c.title}（可用 ${money(c.available)}）`;

/**
 * 经费卡 on the confirm page: the cards the buyer may charge (PI or member, 有效, in validity), the
 * default preselected. Nothing shows when the buyer may charge none (the order goes without a card).
 * An assistant ordering for someone else (代下单) charges that buyer's default card: the server
 * checks it, so the select gives way to a note.
 */
export function GrantCardSelect({
  value,
  onChange,
  orderTotal,
  forOther,
}: {
  value: number | undefined;
  onChange: (cardId: number | undefined) => void;
  orderTotal: number;
  forOther: boolean;
}) {
  const client = useQueryClient();
  const { data: cards = [] } = useQuery({ queryKey: usableCardsKey, queryFn: getUsableCards, staleTime: 60_000 });
  const makeDefault = async (id: number) => {
    try {
      await setDefaultCard(id);
      feedback.success('已设为默认经费卡');
      await client.invalidateQueries({ queryKey: usableCardsKey });
    } catch {
      // shown by the error catalogue
    }
  };
  const def = cards.find((c) => c.isDefault);
  // the default card preselected once the cards arrive
  useEffect(() => {
    if (value === undefined && def && !forOther) onChange(def.id);
  }, [value, def, forOther, onChange]);
  if (cards.length === 0 && !forOther) return null;
  const chosen = cards.find((c) => c.id === value);
  const short = chosen ? orderTotal - chosen.available : 0;
  return (
    <Card size="small" title="经费卡" data-testid="grant-card">
      {forOther ? (
        <Typography.Text type="secondary">代下单时使用该采购人的默认经费卡；如未设置，请该采购人先在下单页选择并设为默认。</Typography.Text>
      ) : (
        <Flex vertical gap={6}>
          <Select<number>
            aria-label="经费卡"
            data-testid="grant-card-select"
            style={{ maxWidth: 560 }}
            placeholder="请选择经费卡"
            value={value}
            options={cards.map((c) => ({ value: c.id, label: label(c) }))}
            onChange={onChange}
          />
          {chosen && (
            <Flex gap={8} align="center" wrap>
              {chosen.isDefault ? (
                <Tag color="blue">默认</Tag>
              ) : (
                <Button type="link" size="small" onClick={() => void makeDefault(chosen.id)} data-testid="grant-card-make-default">
                  设为默认
                </Button>
              )}
              <Tag>{chosen.policy === 'stop' ? '超支禁止' : '超支提醒'}</Tag>
              {short > 0 ? (
                <Typography.Text type="warning" data-testid="grant-card-short">
                  可用余额不足，差 {money(short)}；{chosen.policy === 'stop' ? '终审时将被拒绝，除非研究所负责人或财务批准超支' : '审批时将提示超支'}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">终审通过时冻结本单金额，报销完成或对账付款时支出</Typography.Text>
              )}
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
