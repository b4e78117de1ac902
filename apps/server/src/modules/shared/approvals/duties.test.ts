import { describe, expect, it } from 'vitest';
import { DUTY_CONFLICT_MESSAGE, dutyConflict, independentOf } from './duties.ts';

describe('separation of duties', () => {
  const parties = { placedBy: 7, placedFor: 9, acceptedBy: 11 };
  it('refuses whoever placed it, whoever it was placed for, and whoever will accept it', () => {
    expect(dutyConflict(7, parties)).toBe(DUTY_CONFLICT_MESSAGE);
    expect(dutyConflict(9, parties)).toBe(DUTY_CONFLICT_MESSAGE);
    expect(dutyConflict(11, parties)).toBe(DUTY_CONFLICT_MESSAGE);
  });
  it('lets anyone else decide', () => {
    expect(dutyConflict(12, parties)).toBeNull();
    expect(dutyConflict(11, { placedBy: 7, placedFor: 7 })).toBeNull();
    expect(dutyConflict(11, { placedBy: 7, placedFor: 7, acceptedBy: null })).toBeNull();
  });
  it('keeps the independent candidates of a pool', () => {
    expect(independentOf([{ id: 7 }, { id: 8 }, { id: 9 }], parties).map((u) => u.id)).toEqual([8]);
  });
});
