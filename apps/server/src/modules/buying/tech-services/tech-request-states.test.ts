import { TECH_ACTIONS, TECH_REQUEST_STATUSES } from '@kc/contracts/buying/tech-services';
import { describe, expect, it } from 'vitest';
import { nextTechStatus, TECH_TRANSITIONS, techActionsFor } from './tech-request-states.ts';

describe('technical-service request transitions', () => {
  it('walks the whole way from request to completion, each step by its party', () => {
    expect(nextTechStatus('requested', 'quote', 'supplier')).toBe('quoted');
    expect(nextTechStatus('quoted', 'quote', 'supplier')).toBe('quoted');
    expect(nextTechStatus('quoted', 'accept', 'buyer')).toBe('accepted');
    expect(nextTechStatus('accepted', 'sendSamples', 'buyer')).toBe('samples_sent');
    expect(nextTechStatus('samples_sent', 'start', 'supplier')).toBe('in_progress');
    expect(nextTechStatus('in_progress', 'deliver', 'supplier')).toBe('report_delivered');
    expect(nextTechStatus('report_delivered', 'deliver', 'supplier')).toBe('report_delivered');
    expect(nextTechStatus('report_delivered', 'complete', 'buyer')).toBe('completed');
  });

  it('lets nobody act for the other party', () => {
    expect(nextTechStatus('requested', 'quote', 'buyer')).toBeNull();
    expect(nextTechStatus('quoted', 'accept', 'supplier')).toBeNull();
    expect(nextTechStatus('report_delivered', 'complete', 'supplier')).toBeNull();
    expect(nextTechStatus('samples_sent', 'start', 'buyer')).toBeNull();
  });

  it('cancels only until the samples are sent, refuses only before acceptance', () => {
    for (const s of ['requested', 'quoted', 'accepted'] as const) expect(nextTechStatus(s, 'cancel', 'buyer')).toBe('cancelled');
    for (const s of ['samples_sent', 'in_progress', 'report_delivered', 'completed'] as const) expect(nextTechStatus(s, 'cancel', 'buyer')).toBeNull();
    expect(nextTechStatus('requested', 'refuse', 'supplier')).toBe('refused');
    expect(nextTechStatus('accepted', 'refuse', 'supplier')).toBeNull();
    expect(nextTechStatus('quoted', 'accept', 'buyer')).toBe('accepted');
    expect(nextTechStatus('requested', 'accept', 'buyer')).toBeNull();
  });

  it('leaves the end states closed and names only known states and actions', () => {
    for (const end of ['completed', 'cancelled', 'refused'] as const) {
      expect(techActionsFor(end, 'buyer')).toEqual([]);
      expect(techActionsFor(end, 'supplier')).toEqual([]);
    }
    for (const r of TECH_TRANSITIONS) {
      expect(TECH_ACTIONS).toContain(r.action);
      for (const f of r.from) expect(TECH_REQUEST_STATUSES).toContain(f);
    }
    expect(techActionsFor('quoted', 'buyer').sort()).toEqual(['accept', 'cancel']);
    expect(techActionsFor('quoted', 'supplier').sort()).toEqual(['quote', 'refuse']);
  });
});
