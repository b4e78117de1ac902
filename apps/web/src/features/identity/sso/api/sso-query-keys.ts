/** TanStack Query keys of 单点登录: the CAS settings, partner systems, and what the login pages read. */
export const ssoKeys = {
  cas: ['sso', 'cas'] as const,
  partnersAdmin: ['sso', 'partners', 'admin'] as const,
  partners: ['sso', 'partners'] as const,
  institutes: ['sso', 'institutes'] as const,
  orgs: ['sso', 'orgs'] as const,
  /** 隐私政策 and the other public texts, by type */
  secret: (type: number) => ['secret', type] as const,
};
