import { describe, expect, it } from 'vitest';
import { tsQuery } from './postgres-tsvector.ts';
import { ftsQuery } from './sqlite-fts.ts';
import { highlightWords, indexTokens, itemTokens, queryTerms } from './tokenize.ts';

const tokens = (text: string) => indexTokens(text).split(' ');

describe('index tokens', () => {
  it('find two-character words inside longer names', () => {
    expect(tokens('无水乙醇')).toEqual(expect.arrayContaining(['乙醇', '无水', '无水乙醇']));
    expect(tokens('浓盐酸(36%~38%)')).toContain('盐酸');
    expect(tokens('2-巯基乙醇')).toContain('乙醇');
    expect(tokens('十二烷基硫酸钠')).toContain('硫酸');
  });

  it('keep domain words whole (grades, consumables)', () => {
    expect(tokens('分析纯')).toContain('分析纯');
    expect(tokens('带滤芯移液器吸头 200μl')).toEqual(expect.arrayContaining(['移液器', '吸头', 'μl', '200']));
  });

  it('lower-case Latin words and split letters from digits', () => {
    expect(tokens('Ethanol absolute 2.5L')).toEqual(expect.arrayContaining(['ethanol', 'absolute', '2', '5', 'l']));
    expect(new Set(tokens('乙醇 乙醇 ETHANOL ethanol')).size).toBe(tokens('乙醇 乙醇 ETHANOL ethanol').length);
  });

  it('cover an item: names, brand, grade with its abbreviation, spec, category, article number', () => {
    const t = itemTokens(
      { name: '乙腈', name_en: 'Acetonitrile', grade: '色谱纯', spec: '4L', catalog_no: 'A998-4' },
      '赛默飞 Thermo Fisher',
      '通用试剂',
    ).split(' ');
    expect(t).toEqual(expect.arrayContaining(['乙腈', 'acetonitrile', '赛默飞', 'thermo', '色谱纯', 'hplc', '4', 'l', '通用', 'a', '998']));
  });
});

describe('query terms', () => {
  it('AND the bigrams of a Han run, so every substring a LIKE finds is found', () => {
    expect(queryTerms('乙醇')).toEqual([{ token: '乙醇', prefix: false }]);
    expect(queryTerms('无水乙醇').map((t) => t.token)).toEqual(['无水', '水乙', '乙醇']);
    for (const name of ['无水乙醇', '乙醇(95%)', '2-巯基乙醇']) {
      const have = new Set(tokens(name));
      for (const t of queryTerms('乙醇')) expect(have.has(t.token)).toBe(true);
    }
  });

  it('match a lone Han character and longer Latin words as prefixes', () => {
    expect(queryTerms('钠')).toEqual([{ token: '钠', prefix: true }]);
    // 钠 ends the run 氯化钠: the run's last character is indexed on its own
    expect(tokens('氯化钠')).toContain('钠');
    expect(queryTerms('ETHANOL')).toEqual([{ token: 'ethanol', prefix: true }]);
    expect(queryTerms('2.5L')).toEqual([
      { token: '2', prefix: false },
      { token: '5', prefix: false },
      { token: 'l', prefix: false },
    ]);
    expect(queryTerms('  ,.;  ')).toEqual([]);
  });

  it('render safely for both engines', () => {
    const terms = queryTerms('阿拉丁 ethanol');
    expect(ftsQuery(terms)).toBe('"阿拉" AND "拉丁" AND "ethanol"*');
    expect(tsQuery(terms)).toBe("'阿拉' & '拉丁' & 'ethanol':*");
  });

  it('highlight whole runs and their words, longest first', () => {
    expect(highlightWords('无水乙醇')).toEqual(expect.arrayContaining(['无水乙醇', '乙醇']));
    expect(highlightWords('无水乙醇')[0]).toBe('无水乙醇');
  });
});

describe('Latin words inside names', () => {
  it('match inside words, as LIKE does, from three letters on', () => {
    const t = new Set(itemTokens({ name: '2-巯基乙醇', name_en: '2-Mercaptoethanol', grade: null, spec: '100ml' }, 'Aladdin', '有机试剂').split(' '));
    expect(t.has('ethanol')).toBe(true);
    expect(t.has('captoethanol')).toBe(true);
    expect(t.has('ol')).toBe(false);
    // the brand and category match by word only
    expect(itemTokens({ name: 'x', name_en: null, grade: null, spec: '' }, 'Thermo Fisher', null).split(' ')).not.toContain('isher');
  });
});
