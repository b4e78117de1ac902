import type { Caller } from './access.ts';

/** Who acts in a use case: the signed-in caller and the client's address (for the audit log). */
export interface Who {
  caller: Caller;
  ip: string;
}

/**
 * The acting caller of an authenticated request. Only for routes whose access declaration admits
 * no anonymous caller (the guard has set `req.caller` before the handler runs).
 */
export function who(req: { caller: Caller | null; ip: string }): Who {
  return { caller: req.caller!, ip: req.ip };
}
