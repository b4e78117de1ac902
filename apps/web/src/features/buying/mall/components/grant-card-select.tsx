import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { money } from '../../../../lib/format.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { type CardLookupVO, getUsableCards, lookupCard, setDefaultCard, type UsableCardVO } from '../api/order-api.ts';

const label = (c: UsableCardVO) => `${c.cardNo} ${c.title}（可用 ${money(c.available)}）`;

/** A budget line (预算科目) of the chosen card; available only on the buyer's own cards (他人代付 shows no balances). */
export type ChosenCardLine = { id: number; name: string; available?: number };

/**
 * 经费卡 on the confirm page: the cards the buyer may charge (PI or member, 有效, in validity), the
 * default preselected. Nothing shows when the buyer may charge none (the order goes without a card).
 * An assistant ordering for someone else (代下单) charges that buyer's default card: the server
 * checks it, so the select gives way to a note.
 * 他人代付: a buyer may charge another's card by its number; the card's PI then approves the order
 * first (the server adds the step), and the buyer never sees that card's balance.
 * The chosen card's budget lines go to the page with it (each sub-order then names one).
 */
export function GrantCardSelect({
  value,
  onChange,
  orderTotal,
  forOther,
}: {
  value: number | undefined;
  onChange: (cardId: number | undefined, lines: ChosenCardLine[]) => void;
  orderTotal: number;
  forOther: boolean;
}) {
  const client = useQueryClient();
  const { data: cards = [] } = useQuery({ queryKey: mallKeys.usableCards, queryFn: getUsableCards, staleTime: 60_000 });
  const makeDefault = async (id: number) => {
    try {
      await setDefaultCard(id);
      feedback.success('已设为默认经费卡');
      await client.invalidateQueries({ queryKey: mallKeys.usableCards });
    } catch {
      // shown by the error catalogue
    }
  };
  const [others, setOthers] = useState<CardLookupVO | null>(null);
  const [asking, setAsking] = useState(false);
  const [searching, setSearching] = useState(false);
  const find = async (cardNo: string) => {
    if (!cardNo.trim()) return;
    setSearching(true);
    try {
      const found = await lookupCard(cardNo.trim());
      setOthers(found);
      onChange(found.id, found.lines);
    } catch {
      // shown by the error catalogue (未找到可用的经费卡)
    } finally {
      setSearching(false);
    }
  };
  const def = cards.find((c) => c.isDefault);
  // the default card preselected once the cards arrive
  useEffect(() => {
    if (value === undefined && def && !forOther) onChange(def.id, def.lines);
  }, [value, def, forOther, onChange]);
  const chosen = cards.find((c) => c.id === value);
  const othersChosen = others !== null && others.id === value && !chosen;
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
            options={[
              ...cards.map((c) => ({ value: c.id, label: label(c) })),
              ...(others && !cards.some((c) => c.id === others.id) ? [{ value: others.id, label: `${others.cardNo} ${others.title}（他人代付）` }] : []),
            ]}
            notFoundContent="您没有可用的经费卡，可使用他人经费卡（他人代付）"
            onChange={(id: number) => onChange(id, cards.find((c) => c.id === id)?.lines ?? (others?.id === id ? others.lines : []))}
          />
          {asking ? (
            <Input.Search
              style={{ maxWidth: 360 }}
              placeholder="输入他人的经费卡号"
              enterButton="查找"
              loading={searching}
              onSearch={(v) => void find(v)}
              data-testid="others-card-no"
            />
          ) : (
            <Button type="link" size="small" style={{ alignSelf: 'flex-start', padding: 0 }} onClick={() => setAsking(true)} data-testid="others-card">
              使用他人经费卡（他人代付）
            </Button>
          )}
          {othersChosen && (
            <Typography.Text type="warning" data-testid="others-card-note">
              {others.othersCard ? `经费卡负责人 ${others.piName} 同意后，订单再按审批流程审批` : `您是该经费卡的负责人或成员，无需他人同意`}
            </Typography.Text>
          )}
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
