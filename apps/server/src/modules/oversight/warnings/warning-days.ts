/** Calendar arithmetic on Shanghai days (YYYY-MM-DD), shared by the rule checks and the service. */
const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant a Shanghai day begins, as the ISO text timestamps are stored in. */
export const dayStartIso = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
