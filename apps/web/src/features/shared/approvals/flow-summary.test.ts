import { describe, expect, it } from 'vitest';
import { flowSteps } from './flow-summary.ts';

describe('flowSteps', () => {
  it('names each step with its threshold in yuan', () => {
    expect(
      flowSteps({ teamEnabled: 1, teamThreshold: 0, instituteEnabled: 1, instituteThreshold: 500_000, checkerEnabled: 1, hazardRequiresInstitute: 1 }),
    ).toEqual(['课题组长审批：全部订单', '研究所审批：金额达 ¥5,000.00 起；危化品一律需要', '到货验收：需要']);
  });
  it('says when a step is off', () => {
    expect(flowSteps({ teamEnabled: 0, teamThreshold: 0, instituteEnabled: 0, instituteThreshold: 0, checkerEnabled: 0, hazardRequiresInstitute: 0 })).toEqual([
      '课题组长审批：不需要',
      '研究所审批：不需要',
      '到货验收：不需要',
    ]);
  });
});
