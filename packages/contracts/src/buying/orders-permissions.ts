/**
 * The order permissions on their own: the web's route table (loaded with the login page) needs
 * only these four, and a bundler cannot take four keys out of the whole Perm object. Perm
 * (permissions.ts) includes them; use Perm everywhere else.
 */
export const ORDER_PERMS = {
  ORDER_BUY: 'mall:order:buy',
  ORDER_APPROVE: 'mall:order:approve',
  ORDER_CHECK: 'mall:order:check',
  ORDER_FINANCE: 'mall:order:finance',
} as const;
