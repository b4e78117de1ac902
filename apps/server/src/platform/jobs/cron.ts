/**
 * Cron expressions in Asia/Shanghai (UTC+8 all year, no daylight saving, so a fixed shift is
 * exact). Five fields — minute hour day-of-month month day-of-week — or six with a leading
 * seconds field. Each field: *, n, a-b, any of those with /step, and comma lists; day-of-week 0–7
 * (0 and 7 are Sunday). As in Vixie cron, when both day fields are restricted a day matching
 * either one matches.
 */
const SHANGHAI_MS = 8 * 3600_000;

interface Field {
  values: Set<number>;
  any: boolean;
}

export interface Cron {
  source: string;
  /** the first occurrence strictly after `after` */
  next(after: Date): Date;
}

const RANGES: [min: number, max: number][] = [
  [0, 59], // second
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 7], // day of week
];

export function parseCron(source: string): Cron {
  const parts = source.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6) throw new Error(`无效的 cron 表达式“${source}”：应为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）`);
  const all = parts.length === 5 ? ['0', ...parts] : parts;
  const [sec, min, hour, dom, month, dowRaw] = all.map((p, i) => parseField(p, RANGES[i][0], RANGES[i][1], source));
  const dow: Field = { any: dowRaw.any, values: new Set([...dowRaw.values].map((d) => d % 7)) };
  const dayMatches = (d: Date) => {
    const inDom = dom.values.has(d.getUTCDate());
    const inDow = dow.values.has(d.getUTCDay());
    if (!dom.any && !dow.any) return inDom || inDow;
    return inDom && inDow;
  };

  return {
    source,
    next(after: Date) {
      // work on the Shanghai wall clock held in a Date's UTC fields
      const t = new Date(Math.floor((after.getTime() + SHANGHAI_MS) / 1000) * 1000 + 1000);
      // at most a few years of day steps: an expression that never matches (30 2 …) must not spin
      for (let i = 0; i < 50_000; i++) {
        if (!month.values.has(t.getUTCMonth() + 1)) {
          t.setUTCMonth(t.getUTCMonth() + 1, 1);
          t.setUTCHours(0, 0, 0, 0);
        } else if (!dayMatches(t)) {
          t.setUTCDate(t.getUTCDate() + 1);
          t.setUTCHours(0, 0, 0, 0);
        } else if (!hour.values.has(t.getUTCHours())) {
          t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
        } else if (!min.values.has(t.getUTCMinutes())) {
          t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
        } else if (!sec.values.has(t.getUTCSeconds())) {
          t.setUTCSeconds(t.getUTCSeconds() + 1, 0);
        } else {
          return new Date(t.getTime() - SHANGHAI_MS);
        }
      }
      throw new Error(`cron 表达式“${source}”永远不会触发`);
    },
  };
}

function parseField(text: string, min: number, max: number, source: string): Field {
  const bad = () => new Error(`无效的 cron 表达式“${source}”：无法识别“${text}”`);
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw bad();
    const step = m[4] === undefined ? 1 : Number(m[4]);
    let lo = min;
    let hi = max;
    if (m[1] !== '*') {
      lo = Number(m[2]);
      // "5/15" means from 5 to the end in steps of 15
      hi = m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : lo;
    }
    if (step < 1 || lo < min || hi > max || lo > hi) throw bad();
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  // as in Vixie cron, a field starting with * (also */2) counts as unrestricted for the day rule
  return { values, any: text.startsWith('*') };
}
