import { describe, expect, it } from 'vitest';
import { onTabActivated, UNIT_NOTICE_MS, unitChangedMessage, VISIBILITY_DEBOUNCE_MS } from './unit-change.ts';

const unitA = { value: 11, label: '有机固体实验室' };
const unitB = { value: 12, label: '高分子物理与化学实验室' };

describe('unit switching across tabs (docs/domains/identity.md#unit-switching)', () => {
  it('says nothing on the first activation and remembers the unit', () => {
    expect(onTabActivated(null, unitA)).toEqual({ message: null, seen: 11 });
  });
  it('says nothing when the unit is unchanged', () => {
    expect(onTabActivated(11, unitA)).toEqual({ message: null, seen: 11 });
  });
  it("announces another tab's change", () => {
    expect(onTabActivated(11, unitB)).toEqual({ message: '已切换至：高分子物理与化学实验室', seen: 12 });
  });
  it('ignores a missing unit', () => {
    expect(onTabActivated(11, null)).toEqual({ message: null, seen: 11 });
  });
  it('uses the spec timings', () => {
    expect([UNIT_NOTICE_MS, VISIBILITY_DEBOUNCE_MS]).toEqual([2000, 300]);
    expect(unitChangedMessage('X')).toBe('已切换至：X');
  });
});
