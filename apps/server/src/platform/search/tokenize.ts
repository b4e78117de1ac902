import { GRADE_ABBR } from '@kc/contracts/supply/catalog';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Tokens for the catalog's full-text index, shared by the SQLite (FTS5) and PostgreSQL (tsvector)
 * adapters so both engines find the same items.
 *
 * Index side, for each Han run: jieba's search-mode words (with a domain dictionary of grades and
 * reagent words), every Han bigram, and the run's last character. Latin words and numbers are
 * lower-cased and split at letter/digit boundaries. Query side, each Han run becomes the AND of
 * its bigrams: any name that contains the query as a substring (what `LIKE '%q%'` finds) contains
 * all of its bigrams, so recall against LIKE is 1 by construction, and a two-character word such
 * as 乙醇 is found inside 无水乙醇 or 2-巯基乙醇. A single Han character matches as a prefix:
 * it is the first character of a bigram or the last character of a run.
 *
 * Latin words in the names also index their suffixes of three letters or more, and a query word of
 * three letters or more matches as a prefix: together a substring match, as LIKE does, so
 * "ethanol" finds 2-Mercaptoethanol and Triethanolamine (as 乙醇 finds 2-巯基乙醇 and 三乙醇胺).
 * It also finds Methanol, as LIKE does; the relevance order puts names that have the word at a
 * word start first.
 */

/** Grades and common reagent and consumable words jieba's general dictionary splits badly. */
const DOMAIN_WORDS = `
分析纯 优级纯 色谱纯 化学纯 基准试剂 生化试剂 电子级 光谱纯 指示剂 缓冲液
无水乙醇 乙腈 二氯甲烷 三氯甲烷 四氢呋喃 二甲基亚砜 正己烷 环己烷 石油醚 乙酸乙酯 冰乙酸 甲基叔丁基醚
高锰酸钾 重铬酸钾 碳酸氢钠 氢氧化钠 氢氧化钾 氯化钠 氯化钾 硫酸铜 硝酸银 乙二胺四乙酸二钠 十二烷基硫酸钠
三羟甲基氨基甲烷 考马斯亮蓝 琼脂糖 胰蛋白胨 酵母提取物 牛血清白蛋白 胎牛血清 培养基 感受态细胞 试剂盒
移液器 移液器吸头 吸头 离心管 冻存管 培养皿 培养板 培养瓶 丁腈手套 乳胶手套 滤膜 滤纸 针式过滤器
色谱柱 保护柱 样品瓶 内插管 固相萃取柱 称量纸 封口膜 搅拌子 容量瓶 锥形瓶 量筒 烧杯
阿拉丁 麦克林 国药 沪试 西陇 科密欧 全式金 赛默飞 康宁 艾本德 安捷伦 沃特世 密理博 金佰利 蜀牛
`;

const USER_DICT = DOMAIN_WORDS.split(/\s+/)
  .filter(Boolean)
  .map((w) => `${w} 100000`)
  .join('\n');

let jieba: Jieba | null = null;
/** Loaded on first use: the general dictionary takes a moment to parse. */
function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(USER_DICT));
  }
  return jieba;
}

const HAN_RUN = /\p{Script=Han}+/gu;
/** Latin or Greek letters (μl) and digit runs, split at their boundaries ("2.5L" → 2 5 l). */
const WORD_RUN = /[\p{Script=Latin}\p{Script=Greek}]+|\p{Nd}+/gu;

function hanTokens(run: string, out: Set<string>) {
  for (const w of segmenter().cutForSearch(run, true)) if (/^\p{Script=Han}+$/u.test(w)) out.add(w);
  for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  out.add(run[run.length - 1]);
}

/** Shortest Latin query word matched inside words (shorter ones match whole tokens only). */
export const INFIX_MIN = 3;

function addTokens(text: string, infix: boolean, out: Set<string>) {
  const t = text.toLowerCase();
  for (const m of t.matchAll(HAN_RUN)) hanTokens(m[0], out);
  for (const m of t.matchAll(WORD_RUN)) {
    const w = m[0];
    out.add(w);
    if (infix && /^\p{L}/u.test(w)) for (let i = 1; i + INFIX_MIN <= w.length; i++) out.add(w.slice(i));
  }
}

/** Space-separated index tokens of one text, de-duplicated, lower-case; with infix, Latin words add their suffixes. */
export function indexTokens(text: string, infix = false): string {
  const out = new Set<string>();
  addTokens(text, infix, out);
  return [...out].join(' ');
}

export interface QueryTerm {
  /** the token to look up */
  token: string;
  /** match tokens that start with it (Latin words, a lone Han character) */
  prefix: boolean;
}

/** What the user typed, as the AND of index tokens. Empty when nothing searchable is left. */
export function queryTerms(q: string): QueryTerm[] {
  const t = q.toLowerCase();
  const out = new Map<string, QueryTerm>();
  const add = (token: string, prefix: boolean) => {
    const had = out.get(token);
    // an exact occurrence is stricter than a prefix one for the same token
    if (!had || (had.prefix && !prefix)) out.set(token, { token, prefix });
  };
  for (const m of t.matchAll(HAN_RUN)) {
    const run = m[0];
    if (run.length === 1) add(run, true);
    for (let i = 0; i + 1 < run.length; i++) add(run.slice(i, i + 2), false);
  }
  // Latin words of 3+ letters match as prefixes of words and of their indexed suffixes; shorter ones and numbers exactly
  for (const m of t.matchAll(WORD_RUN)) add(m[0], m[0].length >= INFIX_MIN && /\p{L}/u.test(m[0]));
  // a prefix term made redundant by an exact term that starts with it adds nothing
  return [...out.values()].filter((x) => !x.prefix || ![...out.values()].some((y) => !y.prefix && y.token !== x.token && y.token.startsWith(x.token)));
}

/** The query's Han runs and Latin or digit words, lower-case: what a relevant name contains. */
export function queryWords(q: string): string[] {
  const t = q.toLowerCase();
  return [...new Set([...t.matchAll(HAN_RUN), ...t.matchAll(WORD_RUN)].map((m) => m[0]))];
}

/** Words worth highlighting in a name: the query's Han runs, jieba's words in them, and Latin words. */
export function highlightWords(q: string): string[] {
  const words = new Set<string>();
  const t = q.toLowerCase();
  for (const m of t.matchAll(HAN_RUN)) {
    words.add(m[0]);
    for (const w of segmenter().cutForSearch(m[0], true)) if (w.length >= 2) words.add(w);
  }
  for (const m of t.matchAll(WORD_RUN)) words.add(m[0]);
  return [...words].sort((a, b) => b.length - a.length);
}

export interface TokenSource {
  name: string;
  name_en: string | null;
  grade: string | null;
  spec: string;
  catalog_no?: string | null;
}

/** Tokens of everything but the article number (the demo generator caches these per product line). */
export function descriptiveTokens(item: TokenSource, brandName: string | null, categoryName: string | null): string {
  const abbr = item.grade ? GRADE_ABBR[item.grade] : null;
  const out = new Set<string>();
  // the names match inside words, as LIKE on them does; brand, grade, spec and category by word
  addTokens([item.name, item.name_en].filter(Boolean).join(' '), true, out);
  addTokens([brandName, item.grade, abbr, item.spec, categoryName].filter(Boolean).join(' '), false, out);
  return [...out].join(' ');
}

/** Appends an article number's letter and digit runs, so "阿拉丁 E111991" also finds the item. */
export function withCatalogTokens(tokens: string, catalogNo: string | null | undefined): string {
  if (!catalogNo) return tokens;
  const have = new Set(tokens.split(' '));
  const extra = [...new Set(catalogNo.toLowerCase().match(WORD_RUN) ?? [])].filter((t) => !have.has(t));
  return extra.length ? `${tokens} ${extra.join(' ')}` : tokens;
}

/**
 * The `tokens` column of an item: names, brand, grade (with its abbreviation), specification,
 * category and article number. Writers set it in the same INSERT or UPDATE as the item, so the
 * engines' index (FTS5 triggers, generated tsvector) follows in the same transaction.
 */
export function itemTokens(item: TokenSource, brandName: string | null, categoryName: string | null): string {
  return withCatalogTokens(descriptiveTokens(item, brandName, categoryName), item.catalog_no);
}
