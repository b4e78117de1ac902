import { daysBetween, neededQualifications, QualificationBody, shanghaiDate, validityOf } from '@kc/contracts/supply/qualifications';
import { describe, expect, it } from 'vitest';

const flags = (o: Partial<Record<'hazard_dangerous' | 'hazard_precursor' | 'hazard_explosive' | 'hazard_toxic', number>>) => ({
  hazard_dangerous: 0,
  hazard_precursor: 0,
  hazard_explosive: 0,
  hazard_toxic: 0,
  ...o,
});

describe('qualification rules (contracts)', () => {
  it('which types an item needs follows its hazard flags', () => {
    expect(neededQualifications(flags({})).map((t) => t.code)).toEqual([]);
    expect(neededQualifications(flags({ hazard_dangerous: 1 })).map((t) => t.code)).toEqual(['hazardous_license']);
    expect(neededQualifications(flags({ hazard_toxic: 1 })).map((t) => t.code)).toEqual(['hazardous_license']);
    expect(neededQualifications(flags({ hazard_precursor: 1 })).map((t) => t.code)).toEqual(['precursor_record']);
    expect(neededQualifications(flags({ hazard_explosive: 1 })).map((t) => t.code)).toEqual(['hazardous_license', 'explosive_record']);
  });

  it('validity by calendar day in Shanghai, valid through the last day', () => {
    expect(validityOf('2024-01-01', null, '2026-11-25')).toBe('longTerm');
    expect(validityOf('2024-01-01', '2026-11-25', '2026-11-25')).toBe('expiring');
    expect(validityOf('2024-01-01', '2026-11-24', '2026-11-25')).toBe('expired');
    expect(validityOf('2024-01-01', '2026-12-25', '2026-11-25')).toBe('expiring');
    expect(validityOf('2024-01-01', '2026-12-26', '2026-11-25')).toBe('valid');
    expect(validityOf('2026-12-01', '2029-12-01', '2026-11-25')).toBe('notYet');
    expect(daysBetween('2026-11-25', '2027-01-24')).toBe(60);
    // 16:30 UTC is already the next day in Shanghai
    expect(shanghaiDate(Date.parse('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
  });

  it('the form: real dates, the end not before the start, long-term as null', () => {
    const base = {
      typeCode: 'business_license',
      number: '91310000132234857B',
      authority: '上海市市场监督管理局',
      validFrom: '2024-02-29',
      validTo: null,
      fileId: 1,
    };
    expect(QualificationBody.safeParse(base).success).toBe(true);
    expect(QualificationBody.safeParse({ ...base, validFrom: '2025-02-29' }).success).toBe(false);
    expect(QualificationBody.safeParse({ ...base, validTo: '2024-02-28' }).success).toBe(false);
    expect(QualificationBody.safeParse({ ...base, typeCode: 'other' }).success).toBe(false);
  });
});
