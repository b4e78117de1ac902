import { describe, expect, it } from 'vitest';
import { approvalChain, DEFAULT_FLOW, nextStepOf } from './flow.ts';

describe('approval chain', () => {
  it('builds the chain from amount, hazard and team', () => {
    expect(approvalChain(DEFAULT_FLOW, { total: 10_000, hasHazard: false, hasTeam: true })).toEqual(['team']);
    expect(approvalChain(DEFAULT_FLOW, { total: 600_000, hasHazard: false, hasTeam: true })).toEqual(['team', 'institute']);
    expect(approvalChain(DEFAULT_FLOW, { total: 100, hasHazard: true, hasTeam: true })).toEqual(['team', 'institute']);
    expect(approvalChain(DEFAULT_FLOW, { total: 100, hasHazard: false, hasTeam: false })).toEqual([]);
    expect(approvalChain({ ...DEFAULT_FLOW, teamEnabled: 0, hazardRequiresInstitute: 0 }, { total: 100, hasHazard: true, hasTeam: true })).toEqual([]);
  });

  it('sends a team leader’s own order to the institute instead of to themself', () => {
    expect(approvalChain(DEFAULT_FLOW, { total: 10_000, hasHazard: false, hasTeam: true, teamLedByParty: true })).toEqual(['institute']);
    expect(approvalChain(DEFAULT_FLOW, { total: 600_000, hasHazard: false, hasTeam: true, teamLedByParty: true })).toEqual(['institute']);
    // no team step would apply: nothing to escalate
    expect(approvalChain({ ...DEFAULT_FLOW, teamEnabled: 0 }, { total: 10_000, hasHazard: false, hasTeam: true, teamLedByParty: true })).toEqual([]);
  });

  it('puts the card PI first when the order charges another PI’s card (他人代付)', () => {
    expect(approvalChain(DEFAULT_FLOW, { total: 10_000, hasHazard: false, hasTeam: true, chargesOthersCard: true })).toEqual(['card', 'team']);
    expect(approvalChain(DEFAULT_FLOW, { total: 100, hasHazard: false, hasTeam: false, chargesOthersCard: true })).toEqual(['card']);
  });

  it('walks the chain', () => {
    expect(nextStepOf(['team', 'institute'], 'team')).toBe('institute');
    expect(nextStepOf(['team', 'institute'], 'institute')).toBeNull();
    expect(nextStepOf(['team'], 'team')).toBeNull();
  });
});
