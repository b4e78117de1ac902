import type { ExportStatus } from '@kc/contracts/oversight/exports';
import { bulkTransition, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Export record states as a transitions table (pure; tested beside this file).
 *
 *   (added) queued ─start→ running ─finish→ done
 *                             └─fail→ failed
 *
 * - The job is delivered at least once: a process that died mid-run leaves the record running,
 *   and the job's next delivery starts it over (running ─start→ running).
 * - done and failed are final: the user exports again. Records and files go after 7 days.
 */
export type { ExportStatus };
export type ExportMove = 'start' | 'finish' | 'fail';
/** The export job (exports.run); people only add records. */
export type ExportActor = 'job';

/** Where a record starts: queued for the job. */
export const EXPORT_QUEUED: ExportStatus = 'queued';

export const EXPORT_TRANSITIONS: TransitionTable<ExportStatus, ExportMove, ExportActor> = [
  { from: ['queued', 'running'], action: 'start', actor: ['job'], to: 'running' },
  { from: ['running'], action: 'finish', actor: ['job'], to: 'done' },
  { from: ['running'], action: 'fail', actor: ['job'], to: 'failed' },
];

/** The status the job's move leads to, or null when the record's status does not allow it. */
export const nextExportStatus = (from: string, move: ExportMove) => transition(EXPORT_TRANSITIONS, from as ExportStatus, move, 'job');

/**
 * The job's start as a conditional update: the statuses it starts from and the one it leads to
 * (the update settles two deliveries of one job racing: only a record still in `from` starts).
 */
export const EXPORT_START = bulkTransition(EXPORT_TRANSITIONS, 'start', 'job');

/** Records the job has not ended: a person may have only a few of these at once. */
export const EXPORT_OPEN: readonly ExportStatus[] = EXPORT_START.from;
