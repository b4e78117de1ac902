/** Times are stored in UTC and shown in Asia/Shanghai (UTC+8 all year: China keeps no daylight saving). */
const OFFSET_MS = 8 * 3600_000;

const shifted = (t: string | Date) => new Date((typeof t === 'string' ? Date.parse(t) : t.getTime()) + OFFSET_MS).toISOString();

/** "2026-11-22 12:34:56" in Asia/Shanghai. */
export const shanghaiDateTime = (t: string | Date) => shifted(t).slice(0, 19).replace('T', ' ');

/** "20261122" in Asia/Shanghai (file names). */
export const shanghaiCompactDate = (t: string | Date) => shifted(t).slice(0, 10).replace(/-/g, '');
