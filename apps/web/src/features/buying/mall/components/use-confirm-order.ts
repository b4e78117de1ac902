import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { mallKeys } from '../api/mall-query-keys.ts';
import { type CreatedOrderVO, cartConfirm, createOrder, detailConfirm, validateSupplyArea } from '../api/order-api.ts';
import { chosenLines, cleanRemarks, readSource, type Source } from '../confirm-order-state.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { successOrderPath } from '../success-order-state.ts';
import type { ChosenCardLine } from './grant-card-select.tsx';

/** The buyer's choices on /confirmOrder: address, remarks, hazard consent, 代下单 buyer, grant card and its lines. */
function useConfirmChoices() {
  const [chosenAddress, setChosenAddress] = useState<number | undefined>(undefined);
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [hazardConfirmed, setHazardConfirmed] = useState(false);
  // 代下单: the buyer an assistant orders for; undefined is the caller's own order
  const [buyerId, setBuyerId] = useState<number | undefined>(undefined);
  // 经费卡: the default card preselected; undefined lets the server use the (buyer's) default
  const [grantCardId, setGrantCardId] = useState<number | undefined>(undefined);
  // the card's budget lines and the buyer's choice per supplier (a new card starts from the preselection again)
  const [cardLines, setCardLines] = useState<ChosenCardLine[]>([]);
  const [budgetLines, setBudgetLines] = useState<Record<string, number>>({});
  const chooseCard = useCallback((id: number | undefined, lines: ChosenCardLine[]) => {
    setGrantCardId(id);
    setCardLines(lines);
    setBudgetLines({});
  }, []);
  const setRemark = (supplierId: number, v: string) => setRemarks((r) => ({ ...r, [String(supplierId)]: v }));
  const setBudgetLine = (supplierId: number, id: number) => setBudgetLines((b) => ({ ...b, [String(supplierId)]: id }));
  // a card's lines are the caller's own: ordering for someone else charges that buyer's default card
  const lines = buyerId === undefined ? cardLines : [];
  return {
    ...{ chosenAddress, setChosenAddress, remarks, setRemark, hazardConfirmed, setHazardConfirmed },
    ...{ buyerId, setBuyerId, grantCardId, chooseCard, lines, budgetLines, setBudgetLine },
  };
}

type Choices = ReturnType<typeof useConfirmChoices>;

/** The confirmation of the source's lines for the chosen address, and the supply-area check of that address. */
function useConfirmQueries(source: Source, chosenAddress: number | undefined) {
  const confirm = useQuery({
    queryKey: mallKeys.confirm(source?.key ?? '', chosenAddress),
    queryFn: () =>
      source?.kind === 'cart'
        ? cartConfirm({ cartIds: source.cartIds, addressId: chosenAddress })
        : detailConfirm({
            itemId: source?.kind === 'direct' ? source.itemId : 0,
            quantity: source?.kind === 'direct' ? source.quantity : 1,
            addressId: chosenAddress,
          }),
    enabled: source !== null,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
  const addressId = chosenAddress ?? confirm.data?.address?.id;
  const supplyArea = useQuery({
    queryKey: mallKeys.supplyArea(source?.key ?? '', addressId ?? 0),
    queryFn: () =>
      validateSupplyArea(
        source?.kind === 'cart'
          ? { addressId: addressId as number, cartIds: source.cartIds }
          : { addressId: addressId as number, items: source?.kind === 'direct' ? [{ itemId: source.itemId, quantity: source.quantity }] : [] },
      ),
    enabled: source !== null && addressId !== undefined,
    staleTime: 0,
  });
  return { confirm, addressId, supplyArea };
}

/** Placing the order: one idempotency key per visit, the cart refreshed and the success page on success, the confirmation again on failure. */
function useSubmitOrder(source: Source, c: Choices, q: ReturnType<typeof useConfirmQueries>) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // one key per visit of this page: a double click or a retry returns the first order
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { addressId, confirm } = q;
  const data = confirm.data;
  return useMutation({
    mutationFn: () => {
      if (!source || addressId === undefined) throw new Error('请选择收货地址');
      const own = c.buyerId === undefined;
      return createOrder({
        ...(source.kind === 'cart' ? { cartIds: source.cartIds } : { direct: { itemId: source.itemId, quantity: source.quantity } }),
        addressId,
        remarks: cleanRemarks(c.remarks),
        hazardConfirmed: data?.hasHazard ? c.hazardConfirmed : false,
        idempotencyKey,
        ...(c.buyerId !== undefined ? { buyerId: c.buyerId } : {}),
        ...(c.grantCardId !== undefined && own ? { grantCardId: c.grantCardId } : {}),
        budgetLines: c.grantCardId !== undefined && own ? chosenLines(data?.groups ?? [], c.lines, c.budgetLines) : {},
      });
    },
    onSuccess: async (order: CreatedOrderVO) => {
      await client.invalidateQueries({ queryKey: mallKeys.cart });
      navigate(successOrderPath(order), { replace: true, state: order });
    },
    // stock or prices may have moved: show the current confirmation
    onError: () => void confirm.refetch(),
  });
}

/** Everything /confirmOrder shows and does. */
export function useConfirmOrder() {
  const [params] = useSearchParams();
  const source = useMemo(() => readSource(params), [params]);
  const choices = useConfirmChoices();
  const queries = useConfirmQueries(source, choices.chosenAddress);
  const submit = useSubmitOrder(source, choices, queries);
  return { source, ...choices, ...queries, submit };
}

export type ConfirmOrderModel = ReturnType<typeof useConfirmOrder>;
