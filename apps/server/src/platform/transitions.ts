/**
 * State machines as tables. Every state change in every domain (orders, sub-orders, and later
 * claims, statements, contracts, reviews, bids) is one row of a table: from which states, by which
 * action, by whom, and to which state. `transition()` is the only way a service learns its target,
 * so a table and the code using it cannot drift apart: a service names the action, never the state
 * it lands in. A target that depends on the case (a partial delivery, the next step of an approval
 * chain) is a function of a context the caller passes.
 */
export interface TransitionRule<S extends string, A extends string, R extends string, C> {
  from: readonly S[];
  action: A;
  actor: readonly R[];
  to: S | ((ctx: C) => S);
}

export type TransitionTable<S extends string, A extends string, R extends string, C = void> = readonly TransitionRule<S, A, R, C>[];

function ruleFor<S extends string, A extends string, R extends string, C>(table: TransitionTable<S, A, R, C>, from: S, action: A, actor: R) {
  return table.find((r) => r.action === action && r.from.includes(from) && r.actor.includes(actor));
}

/** The state `action` by `actor` leads to from `from`, or null when the table does not allow it. */
export function transition<S extends string, A extends string, R extends string, C>(
  table: TransitionTable<S, A, R, C>,
  from: S,
  action: A,
  actor: R,
  ...ctx: C extends void ? [] : [C]
): S | null {
  const rule = ruleFor(table, from, action, actor);
  if (!rule) return null;
  return typeof rule.to === 'function' ? (rule.to as (c: C) => S)(ctx[0] as C) : rule.to;
}

/** Whether the table allows `action` by `actor` from `from` (without computing the target). */
export function allows<S extends string, A extends string, R extends string, C>(table: TransitionTable<S, A, R, C>, from: S, action: A, actor: R): boolean {
  return ruleFor(table, from, action, actor) !== undefined;
}

/**
 * For moves of many rows at once (every open sub-order of a stopped order): the states the action
 * applies to and its one fixed target. A rule with a computed target cannot be applied in bulk.
 */
export function bulkTransition<S extends string, A extends string, R extends string, C>(
  table: TransitionTable<S, A, R, C>,
  action: A,
  actor: R,
): { from: S[]; to: S } {
  const rules = table.filter((r) => r.action === action && r.actor.includes(actor));
  const targets = new Set(rules.map((r) => r.to));
  if (rules.length === 0 || targets.size !== 1 || typeof rules[0].to === 'function') {
    throw new Error(`transition table: ${action} by ${actor} has no single fixed target`);
  }
  return { from: [...new Set(rules.flatMap((r) => r.from))], to: rules[0].to as S };
}

/**
 * Every state a table names: the states moves start from and the fixed targets. A state reached
 * only through a computed target also starts a move (or is listed by the caller), so together this
 * is the set a status column may hold (test/status-columns.test.ts holds the data to it).
 */
export function statesOf<S extends string, A extends string, R extends string, C>(table: TransitionTable<S, A, R, C>): Set<S> {
  const out = new Set<S>();
  for (const r of table) {
    for (const f of r.from) out.add(f);
    if (typeof r.to !== 'function') out.add(r.to);
  }
  return out;
}
