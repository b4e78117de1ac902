import type { TechAction, TechRequestStatus } from '@kc/contracts/buying/tech-services';
import { allows, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Technical-service request states as a transitions table (pure; tested beside this file).
 *
 *   requested ─quote→ quoted ─accept→ accepted ─sendSamples→ samples_sent ─start→ in_progress ─deliver→ report_delivered ─complete→ completed
 *       │   └──────────quote (again, before acceptance)──┘
 *       ├─refuse (supplier, before acceptance)→ refused
 *       └─cancel (buyer, until the samples are sent)→ cancelled
 *
 * - The supplier may quote again while the buyer has not accepted (a better price, a corrected count).
 * - The buyer may cancel until the samples are on their way; after that the work has begun.
 * - The supplier may deliver the report again (a corrected report) until the buyer confirms.
 */
export type TechActor = 'buyer' | 'supplier';

export const TECH_TRANSITIONS: TransitionTable<TechRequestStatus, TechAction, TechActor> = [
  { from: ['requested', 'quoted'], action: 'quote', actor: ['supplier'], to: 'quoted' },
  { from: ['requested', 'quoted'], action: 'refuse', actor: ['supplier'], to: 'refused' },
  { from: ['requested', 'quoted', 'accepted'], action: 'cancel', actor: ['buyer'], to: 'cancelled' },
  { from: ['quoted'], action: 'accept', actor: ['buyer'], to: 'accepted' },
  { from: ['accepted'], action: 'sendSamples', actor: ['buyer'], to: 'samples_sent' },
  { from: ['samples_sent'], action: 'start', actor: ['supplier'], to: 'in_progress' },
  { from: ['in_progress', 'report_delivered'], action: 'deliver', actor: ['supplier'], to: 'report_delivered' },
  { from: ['report_delivered'], action: 'complete', actor: ['buyer'], to: 'completed' },
];

export const nextTechStatus = (from: TechRequestStatus, action: TechAction, actor: TechActor) => transition(TECH_TRANSITIONS, from, action, actor);

/** The moves an actor may make on a request in a state (the detail's buttons). */
export const techActionsFor = (from: TechRequestStatus, actor: TechActor): TechAction[] => [
  ...new Set(TECH_TRANSITIONS.filter((r) => allows(TECH_TRANSITIONS, from, r.action, actor)).map((r) => r.action)),
];
