import { useCallback, useState } from 'react';

/**
 * A dialog's save: busy while it runs, true when it went through. A failed call was already shown
 * by the api client's error catalogue and a form left invalid marks its own fields, so both only
 * keep the dialog open.
 */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await fn();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, run };
}
