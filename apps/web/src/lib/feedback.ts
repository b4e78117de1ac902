import { type App, Modal as StaticModal, message as staticMessage } from 'antd';

/** docs/domains/platform.md#feedback: messages last 3 s, sit 220 px from the top, at most 3 at once. */
export const MESSAGE_CONFIG = { duration: 3, top: 220, maxCount: 3 } as const;

/** docs/domains/platform.md#feedback: a success dialog closes itself after 2 s. */
export const SUCCESS_DIALOG_MS = 2000;
staticMessage.config(MESSAGE_CONFIG);

type AppApi = ReturnType<typeof App.useApp>;

// The api client lives outside React; the providers hand it the context-aware instances
// (theme, locale) through bindFeedback. Before that the static functions serve.
let bound: Pick<AppApi, 'message' | 'modal'> | null = null;

export function bindFeedback(api: Pick<AppApi, 'message' | 'modal'> | null): void {
  bound = api;
}

function messageApi() {
  return bound?.message ?? staticMessage;
}

export const feedback = {
  /** antd's modal functions (context-aware once the providers are mounted). */
  modal(): Pick<typeof StaticModal, 'confirm' | 'info' | 'success' | 'error' | 'warning'> {
    return bound?.modal ?? StaticModal;
  },
  success(content: string, key?: string): void {
    void messageApi().success({ content, key });
  },
  error(content: string, key?: string): void {
    void messageApi().error({ content, key });
  },
  warning(content: string, key?: string): void {
    void messageApi().warning({ content, key });
  },
  info(content: string, key?: string, duration?: number): void {
    void messageApi().info({ content, key, duration });
  },
  /** A success dialog that closes itself after 2 s (or earlier with its button); resolves when closed. */
  successDialog(content: string, title = '操作成功'): Promise<void> {
    const modal = bound?.modal ?? StaticModal;
    return new Promise((resolve) => {
      let closed = false;
      const finish = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        instance.destroy();
        resolve();
      };
      const instance = modal.success({ title, content, okText: '确定', onOk: finish });
      const timer = setTimeout(finish, SUCCESS_DIALOG_MS);
    });
  },
  /** A blocking prompt with one button; onOk runs when it is closed. */
  alert(title: string, content: string, onOk: () => void): void {
    const modal = bound?.modal ?? StaticModal;
    modal.warning({ title, content, okText: '确定', onOk, keyboard: false, mask: { closable: false } });
  },
};
