import type { OrderDetail } from '@kc/contracts/buying/orders';
import { App } from 'antd';
import { useState } from 'react';
import {
  applyRefund,
  cancelOrder,
  cardPass,
  cardRefuse,
  checkerAccept,
  checkerReject,
  confirmArrival,
  institutePass,
  instituteRefuse,
  stopOrder,
  teamPass,
  teamRefuse,
} from '../api/orders-api.ts';
import { useOrderMove } from '../api/use-order-queries.ts';
import type { OrderRoles } from '../order-roles.ts';
import { canCancel, canStop } from '../order-status.ts';
import type { ReasonRequest } from './reason-modal.tsx';

export type Move =
  | 'cancel'
  | 'cardPass'
  | 'cardRefuse'
  | 'teamPass'
  | 'teamRefuse'
  | 'institutePass'
  | 'instituteRefuse'
  | 'instituteOverride'
  | 'stop'
  | 'arrived'
  | 'refund'
  | 'accept'
  | 'reject';

type MoveInput = { move: Move; id: number; reason?: string };

/** The request of one move on an order (id) or a sub-order (arrived, refund, accept, reject). */
const MOVES: Record<Move, (v: MoveInput) => Promise<unknown>> = {
  cancel: (v) => cancelOrder(v.id, v.reason || undefined),
  cardPass: (v) => cardPass([v.id]),
  cardRefuse: (v) => cardRefuse([v.id], v.reason ?? ''),
  teamPass: (v) => teamPass([v.id]),
  teamRefuse: (v) => teamRefuse([v.id], v.reason ?? ''),
  institutePass: (v) => institutePass([v.id]),
  instituteOverride: (v) => institutePass([v.id], v.reason),
  instituteRefuse: (v) => instituteRefuse([v.id], v.reason ?? ''),
  stop: (v) => stopOrder(v.id, v.reason ?? ''),
  arrived: (v) => confirmArrival(v.id),
  refund: (v) => applyRefund(v.id, v.reason ?? ''),
  accept: (v) => checkerAccept(v.id),
  reject: (v) => checkerReject(v.id, v.reason ?? ''),
};

/** What this viewer may do on the order as a whole (the server checks role, scope and state again). */
export function orderMoves(o: OrderDetail, r: OrderRoles) {
  const own = o.buyerId === r.userId || o.placedById === r.userId;
  return {
    own,
    cancel: own && canCancel(o.status),
    // 他人代付: the PI of the card the order charges consents first
    card: o.budget?.holderId === r.userId && o.status === 'pending_card',
    team: r.teamLeader && o.status === 'pending_team',
    institute: r.instituteOwner && o.status === 'pending_institute',
    stop: r.admin && canStop(o.status),
  };
}

/**
 * The detail page's moves: `confirm` asks yes or no, `ask` asks a reason (ReasonModal with
 * `reason`); either runs the move and says `done`.
 */
export function useOrderDetailMoves() {
  const { modal, message } = App.useApp();
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const move = useOrderMove((v: MoveInput) => MOVES[v.move](v));
  const run = (m: Move, id: number, done: string, r?: string) =>
    move.mutateAsync({ move: m, id, reason: r }).then(() => {
      message.success(done);
    });
  const confirm = (title: string, content: string, okText: string, m: Move, id: number, done: string) =>
    modal.confirm({ title, content, okText, cancelText: '取消', onOk: () => run(m, id, done).catch(() => undefined) });
  const ask = (title: string, label: string, okText: string, m: Move, id: number, done: string, optional = false) =>
    setReason({ title, label, okText, optional, onSubmit: (r) => run(m, id, done, r) });
  return { confirm, ask, reason, closeReason: () => setReason(null) };
}

export type OrderDetailMoves = ReturnType<typeof useOrderDetailMoves>;
