import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../../lib/feedback.ts';
import { type ConfirmAction, confirmActionProps } from './confirm-action.ts';

/**
 * Opens the confirm dialog of an action (confirm-action.ts) and, when it went through, refreshes
 * the given queries: `const confirm = useConfirmAction(keys.all); confirm({ title, okText: '删除', danger: true, run, done: '已删除' })`.
 */
export function useConfirmAction(...invalidate: QueryKey[]): (action: ConfirmAction) => void {
  const client = useQueryClient();
  const refresh = () => Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
  return (action) => {
    feedback.modal().confirm(confirmActionProps(action, feedback.success, refresh));
  };
}
