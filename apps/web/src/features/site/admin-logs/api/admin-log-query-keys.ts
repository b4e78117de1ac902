/** TanStack Query keys of 操作日志 and 消息发送记录 (list heads: the requests are appended). */
export const adminLogKeys = {
  audit: ['uac', 'audit'] as const,
  outbox: ['uac', 'outbox'] as const,
};
