import type { WarningAction, WarningState } from '@kc/contracts/oversight/warnings';
import { type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Warning states as a transitions table (pure; tested beside this file).
 *
 *   new ─acknowledge→ acknowledged ─resolve→ resolved
 *    │                    │
 *    └──────snooze────────┴→ snoozed ─wake (the scan, on the day)→ new
 *
 * - People acknowledge, resolve or snooze (to a day) what they can see; a snoozed warning comes back
 *   as new on its day, or may be resolved directly.
 * - The scan resolves an open warning whose condition no longer holds (the goods were shipped, the
 *   invoice arrived, the card was topped up): `clear` by the system. Resolved is final: the
 *   (rule, subject) key stays taken, so the same thing never warns twice.
 */
export type WarningMove = WarningAction | 'wake' | 'clear';
export type WarningActor = 'user' | 'system';

export const WARNING_TRANSITIONS: TransitionTable<WarningState, WarningMove, WarningActor> = [
  { from: ['new'], action: 'acknowledge', actor: ['user'], to: 'acknowledged' },
  { from: ['new', 'acknowledged'], action: 'snooze', actor: ['user'], to: 'snoozed' },
  { from: ['new', 'acknowledged', 'snoozed'], action: 'resolve', actor: ['user'], to: 'resolved' },
  { from: ['snoozed'], action: 'wake', actor: ['system'], to: 'new' },
  { from: ['new', 'acknowledged', 'snoozed'], action: 'clear', actor: ['system'], to: 'resolved' },
];

export const nextWarningState = (from: WarningState, move: WarningMove, actor: WarningActor) => transition(WARNING_TRANSITIONS, from, move, actor);

/** The moves a person may make on a warning in `state` (the list's buttons). */
export const userActions = (state: WarningState): WarningAction[] =>
  (['acknowledge', 'resolve', 'snooze'] as const).filter((a) => nextWarningState(state, a, 'user') !== null);
