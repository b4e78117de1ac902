/** The label and tag colour of each state a column may hold (StatusTag reads it). */
export type StatusTable = Record<string | number, { label: string; color?: string }>;

/** Builds a status table from a label table and a colour table (the contracts give labels, pages colours). */
export function statusTable(labels: Record<string | number, string>, colors: Record<string | number, string> = {}): StatusTable {
  return Object.fromEntries(Object.entries(labels).map(([k, label]) => [k, { label, color: colors[k] }]));
}
