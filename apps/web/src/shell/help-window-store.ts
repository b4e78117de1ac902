import { useSyncExternalStore } from 'react';

// Whether the floating help window is open; the header button and the launcher share it.
let open = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const helpWindow = {
  open(): void {
    open = true;
    emit();
  },
  close(): void {
    open = false;
    emit();
  },
  toggle(): void {
    open = !open;
    emit();
  },
};

export function useHelpWindowOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
