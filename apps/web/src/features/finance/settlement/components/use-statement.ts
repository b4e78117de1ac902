import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import type { ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { getStatement, type Side, type StatementDetail } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';

export type Line = StatementDetail['lines']['records'][number];

/** The statement shown in the drawer: its page of lines, the lines chosen, the open dialogs, and a move that refreshes. */
export function useStatement(side: Side, id: number | null) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [paying, setPaying] = useState(false);
  const [fix, setFix] = useState<Line | null>(null);
  const lines = usePagedQuery({
    queryKey: settlementKeys.detail(side, id),
    queryFn: (page) => getStatement(side, id as number, page),
    enabled: id !== null,
    size: 20,
    total: (s) => s.lines.total,
    showTotal: (n) => `共 ${n} 行`,
  });
  // another statement opens on its first page with nothing chosen (reset while rendering, as React advises)
  const [shown, setShown] = useState(id);
  if (shown !== id) {
    setShown(id);
    lines.reset();
    setChosen([]);
  }
  const refresh = () => client.invalidateQueries({ queryKey: settlementKeys.all });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    setChosen([]);
    await refresh();
  };
  return { s: lines.query.data, pagination: lines.pagination, chosen, setChosen, reason, setReason, paying, setPaying, fix, setFix, refresh, act };
}

export type StatementModel = ReturnType<typeof useStatement>;
