/** A page of a list answer (DESIGN.md: `{ records, total, current, size }`). */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
