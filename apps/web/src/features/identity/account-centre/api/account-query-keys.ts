/** TanStack Query keys of 个人中心 and the change-request reviews. */
export const accountKeys = {
  bind: (ticket: string | undefined) => ['account', 'bind', ticket] as const,
  userInfoRequest: ['account', 'userInfoRequest'] as const,
  userNameRequest: ['account', 'userNameRequest'] as const,
  /** the review list of one kind of request (its request is appended) */
  reviews: (kind: string) => ['uac', 'review', kind] as const,
};
