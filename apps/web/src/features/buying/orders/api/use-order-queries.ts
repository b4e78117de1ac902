import type { OrderListParams, OrderListRole } from '@kc/contracts/buying/orders';
import { ErrorCodes } from '@kc/contracts/platform/errors';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/error-catalogue.ts';
import { getUnreadMessages, markMessagesRead } from './message-api.ts';
import { orderKeys } from './order-query-keys.ts';
import { getOrderDetail, getOrderLogs, ORDER_LISTS } from './orders-api.ts';

/** One page of a role's order list; `enabled` false for roles the user does not hold (the server would refuse them with 40300). */
export function useOrderList(role: OrderListRole, q: OrderListParams, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(role, q),
    queryFn: () => ORDER_LISTS[role](q),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

export function useOrderDetail(id: number | null) {
  return useQuery({ queryKey: orderKeys.detail(id ?? 0), queryFn: () => getOrderDetail(id as number), enabled: !!id, retry: false });
}

export function useOrderLogs(orderId: number | null) {
  return useQuery({ queryKey: orderKeys.logs(orderId ?? 0), queryFn: () => getOrderLogs(orderId as number), enabled: !!orderId });
}

/** Whether a failed move lost a race (code 40009): the lists are refreshed so the row shows its new state. */
export const isStateConflict = (err: unknown) => err instanceof ApiError && err.code === ErrorCodes.STATE_CONFLICT.code;

/**
 * A lifecycle move (pass, refuse, cancel, arrived, …). Success and failure both refresh the order
 * lists and details: on a state conflict the error catalogue has shown the server's message and
 * the row must show what really happened.
 */
export function useOrderMove<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Unread in-app messages (polled once a minute while a page with the bell is open). */
export function useUnreadMessages() {
  return useQuery({ queryKey: orderKeys.messages, queryFn: () => getUnreadMessages(10), refetchInterval: 60_000 });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markMessagesRead, onSettled: () => client.invalidateQueries({ queryKey: orderKeys.messages }) });
}
