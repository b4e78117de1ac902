import { checkSamples, DEFAULT_SAMPLE_FORM, SampleForm } from '@kc/contracts/buying/tech-services';
import { describe, expect, it } from 'vitest';

/** The sample form's rules, shared by the web (before sending) and the server (never trusting it). */
describe('sample form', () => {
  it('accepts rows that fit, coerces numbers and drops empty optional values', () => {
    const r = checkSamples(DEFAULT_SAMPLE_FORM, [
      { name: 'pUC19', type: '质粒', count: '2', concentration: '' },
      { name: 'PCR-3', type: 'PCR 产物', count: 1, concentration: 85.5 },
    ]);
    expect(r).toEqual({
      ok: true,
      rows: [
        { name: 'pUC19', type: '质粒', count: 2 },
        { name: 'PCR-3', type: 'PCR 产物', count: 1, concentration: 85.5 },
      ],
    });
  });

  it('names the sample and the field of the first problem', () => {
    expect(
      checkSamples(DEFAULT_SAMPLE_FORM, [
        { name: 'a', type: '质粒', count: 1 },
        { type: '质粒', count: 1 },
      ]),
    ).toEqual({
      ok: false,
      message: '第 2 个样品：请填写样品名称',
    });
    expect(checkSamples(DEFAULT_SAMPLE_FORM, [{ name: 'a', type: '血清', count: 1 }])).toMatchObject({ ok: false });
    expect(checkSamples(DEFAULT_SAMPLE_FORM, [{ name: 'a', type: '质粒', count: 0 }])).toEqual({ ok: false, message: '第 1 个样品：数量不能小于 1' });
    expect(checkSamples(DEFAULT_SAMPLE_FORM, [{ name: 'a', type: '质粒', count: 'x' }])).toMatchObject({ ok: false });
    expect(checkSamples(DEFAULT_SAMPLE_FORM, [{ name: 'a', type: '质粒', count: 1, hack: 1 }])).toEqual({
      ok: false,
      message: '第 1 个样品：样品信息表没有字段 hack',
    });
  });

  it('refuses form definitions that cannot be filled', () => {
    expect(SampleForm.safeParse([{ key: 'k', label: '类型', type: 'select' }]).success).toBe(false);
    expect(SampleForm.safeParse([{ key: 'k', label: '名称', type: 'text', options: ['a'] }]).success).toBe(false);
    expect(SampleForm.safeParse([{ key: 'k', label: '量', type: 'number', min: 5, max: 1 }]).success).toBe(false);
    expect(SampleForm.safeParse([{ key: '1k', label: '名称', type: 'text' }]).success).toBe(false);
    expect(SampleForm.safeParse(DEFAULT_SAMPLE_FORM).success).toBe(true);
  });
});
