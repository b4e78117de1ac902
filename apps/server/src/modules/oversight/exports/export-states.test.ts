import { EXPORT_STATUSES } from '@kc/contracts/oversight/exports';
import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { EXPORT_OPEN, EXPORT_QUEUED, EXPORT_START, EXPORT_TRANSITIONS, nextExportStatus } from './export-states.ts';

describe('export record transitions', () => {
  it('walks queued → running → done, or failed', () => {
    expect(EXPORT_QUEUED).toBe('queued');
    expect(transition(EXPORT_TRANSITIONS, 'queued', 'start', 'job')).toBe('running');
    expect(transition(EXPORT_TRANSITIONS, 'running', 'finish', 'job')).toBe('done');
    expect(transition(EXPORT_TRANSITIONS, 'running', 'fail', 'job')).toBe('failed');
  });

  it('starts a running record over (the job is delivered at least once)', () => {
    expect(nextExportStatus('running', 'start')).toBe('running');
    expect(EXPORT_START).toEqual({ from: ['queued', 'running'], to: 'running' });
  });

  it('keeps done and failed final', () => {
    for (const s of ['done', 'failed'] as const) for (const m of ['start', 'finish', 'fail'] as const) expect(nextExportStatus(s, m)).toBeNull();
    expect(nextExportStatus('queued', 'finish')).toBeNull();
  });

  it('counts queued and running as open, and knows every contract status', () => {
    expect(EXPORT_OPEN).toEqual(['queued', 'running']);
    const named = new Set(EXPORT_TRANSITIONS.flatMap((r) => [...r.from, r.to as string]));
    expect([...named].sort()).toEqual([...EXPORT_STATUSES].sort());
  });
});
