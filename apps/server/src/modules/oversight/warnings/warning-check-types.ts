import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/**
 * What each scanned rule finds in one institute today: read-only queries over the tables of the
 * domains they watch (orders, invoices through `matchOf`, qualifications with the contract gate,
 * grant cards). A candidate names its subject once (`subjectKey`), which is the dedup key of the
 * warning it becomes.
 */
export interface Candidate {
  subjectKey: string;
  teamId: number | null;
  userId: number | null;
  title: string;
  detail: string;
  link: string | null;
  dueOn: string | null;
}

/** `names`: what the dictionaries call things (qualification types by code), read by the caller outside any transaction */
export type RuleCheck = (db: Kysely<DB>, instituteId: number, threshold: number, today: string, names?: Map<string, string>) => Promise<Candidate[]>;
