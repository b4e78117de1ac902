import { NoticeStatus } from '@kc/contracts/site/content';
import type { TransitionTable } from '../../../platform/transitions.ts';

/** A notice's life: written as a draft, published, taken offline, published again. */
export type NoticeState = 'draft' | 'published' | 'withdrawn';
export type NoticeAction = 'publish' | 'withdraw';

export const NOTICE_TRANSITIONS: TransitionTable<NoticeState, NoticeAction, 'manager'> = [
  { from: ['draft', 'withdrawn'], action: 'publish', actor: ['manager'], to: 'published' },
  { from: ['published'], action: 'withdraw', actor: ['manager'], to: 'withdrawn' },
];

export const NOTICE_STATE_CODE: Record<NoticeState, number> = {
  draft: NoticeStatus.DRAFT,
  published: NoticeStatus.PUBLISHED,
  withdrawn: NoticeStatus.WITHDRAWN,
};
export const noticeStateOf = (code: number): NoticeState =>
  (Object.entries(NOTICE_STATE_CODE).find(([, c]) => c === code)?.[0] as NoticeState | undefined) ?? 'draft';

/** A page configuration (login carousel image, banner, agreement) is switched on and off by its manager. */
export type PageConfigState = 'stopped' | 'active';
export const PAGE_CONFIG_TRANSITIONS: TransitionTable<PageConfigState, 'start' | 'stop', 'manager'> = [
  { from: ['stopped'], action: 'start', actor: ['manager'], to: 'active' },
  { from: ['active'], action: 'stop', actor: ['manager'], to: 'stopped' },
];
