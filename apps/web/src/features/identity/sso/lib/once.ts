/**
 * One call per key for the life of the page: a CAS ticket and a one-time code are good once, and
 * React's development double-mount (and a quick reload of the effect) must not spend them twice.
 */
const started = new Map<string, Promise<unknown>>();
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let p = started.get(key) as Promise<T> | undefined;
  if (!p) {
    p = run();
    started.set(key, p);
  }
  return p;
}
