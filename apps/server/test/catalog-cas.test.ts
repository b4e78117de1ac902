import { isValidCas, looksLikeCas } from '@kc/contracts/platform/cas';
import { describe, expect, it } from 'vitest';
import { BRANDS, FAMILIES } from '../src/db/seed/catalog/brands.ts';
import { parsePack } from '../src/db/seed/catalog/generate.ts';
import { REAGENTS } from '../src/db/seed/catalog/reagents.ts';

describe('CAS numbers', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const cas of ['64-17-5', '7732-18-5', '67-56-1', '7647-14-5', '112926-00-8', '1310-73-2', '50-00-0']) expect(isValidCas(cas), cas).toBe(true);
  });

  it('refuses a wrong check digit and anything not shaped like a CAS number', () => {
    for (const cas of ['64-17-6', '67-56-2', '7647-14-4', '6417-5', '64-1-75', '1-17-5', '12345678-00-1', '64–17–5', 'abc', ''])
      expect(isValidCas(cas), cas).toBe(false);
    expect(looksLikeCas(' 64-17-5 ')).toBe(true);
    expect(looksLikeCas('E111991')).toBe(false);
  });
});

describe('demo reagent dataset', () => {
  it('has several hundred real entries, every CAS valid, every name once', () => {
    expect(REAGENTS.length).toBeGreaterThanOrEqual(400);
    const withCas = REAGENTS.filter((r) => r[2]);
    expect(withCas.length).toBeGreaterThanOrEqual(300);
    for (const [name, , cas] of withCas) expect(isValidCas(cas), `${name} ${cas}`).toBe(true);
    expect(new Set(REAGENTS.map((r) => r[0])).size).toBe(REAGENTS.length);
  });

  it('flags the regulated chemicals the Chinese catalogues name', () => {
    const flags = (name: string) => REAGENTS.find((r) => r[0] === name)?.[6];
    expect(flags('高锰酸钾')).toBe('DPX');
    expect(flags('乙醚')).toContain('P');
    expect(flags('丙酮')).toContain('P');
    expect(flags('甲苯')).toContain('P');
    expect(flags('硝酸')).toContain('X');
    expect(flags('氰化钠')).toContain('T');
    expect(flags('无水乙醇')).toBe('D');
    expect(flags('氯化钠')).toBe('');
  });

  it('names only known brands and parses every pack size', () => {
    const keys = new Set(BRANDS.map((b) => b.key));
    for (const fam of Object.values(FAMILIES)) for (const k of fam) expect(keys.has(k), k).toBe(true);
    for (const r of REAGENTS) for (const p of r[5].split(',')) expect(parsePack(p, r[3]).amount, `${r[0]} ${p}`).not.toBeNull();
    expect(parsePack('2.5L', '通用试剂')).toEqual({ spec: '2.5L', amount: 2500, packUnit: 'ml', unit: '瓶' });
    expect(parsePack('96支/盒', '移液耗材')).toEqual({ spec: '96支/盒', amount: 96, packUnit: '支', unit: '盒' });
  });

  it('gives each brand distinct article numbers for distinct products', () => {
    for (const b of BRANDS) {
      const seen = new Set<string>();
      for (let n = 0; n < 900; n++) seen.add(b.catalog(n, 'E'));
      expect(seen.size, b.name).toBe(900);
    }
  });
});
