import { useCallback, useState } from 'react';

/**
 * A dialog's save: busy while it runs, true when it went through. A failed call was already shown
 * by the api client's error catalogue and a form left invalid marks its own fields, so both only
 * keep the dialog open. `leaving`: a save that goes through leaves the page (it reloads), so it
 * stays busy until the page goes.
 */
export function useSaving({ leaving = false }: { leaving?: boolean } = {}) {
  const [saving, setSaving] = useState(false);
  const run = useCallback(
    async (fn: () => Promise<unknown>) => {
      setSaving(true);
      let done = false;
      try {
        await fn();
        done = true;
      } catch {
        // shown already (the api client) or on the form's fields
      }
      if (!(done && leaving)) setSaving(false);
      return done;
    },
    [leaving],
  );
  return { saving, run };
}
