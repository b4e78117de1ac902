import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';

/** An action a user confirms first: 删除, 发布, 停用… */
export interface ConfirmAction {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  /** a red OK button (deleting, revoking) */
  danger?: boolean;
  run: () => Promise<unknown>;
  /** said when it went through (nothing when omitted) */
  done?: string;
}

/**
 * The confirm dialog of an action: OK runs it, says so and refreshes; a failure (already shown by
 * the api client) leaves the dialog open with its button usable again.
 */
export function confirmActionProps(a: ConfirmAction, notify: (message: string) => void, refresh: () => Promise<unknown>): ModalFuncProps {
  return {
    title: a.title,
    content: a.content,
    okText: a.okText,
    cancelText: '取消',
    okButtonProps: a.danger ? { danger: true } : undefined,
    onOk: async () => {
      await a.run();
      if (a.done) notify(a.done);
      await refresh();
    },
  };
}
