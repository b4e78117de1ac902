import type { UserMessage } from '@kc/contracts/buying/orders';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

/** 我的站内消息（未读） GET /mall/v1/message/page */
export function getUnreadMessages(size = 10): Promise<Page<UserMessage>> {
  return api.get<Page<UserMessage>>('/mall/v1/message/page', { unread: 'true', current: 1, size }, { silent: true });
}

/** 标记已读 POST /mall/v1/message/read */
export function markMessagesRead(ids: number[]): Promise<null> {
  return api.post<null>('/mall/v1/message/read', { ids });
}
