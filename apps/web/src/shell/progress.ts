/**
 * The page-loading flag and the top progress bar's state (docs/domains/platform.md#navigation-guard steps 2 and 11), kept outside
 * React because the navigation guard runs in the router's loader, before anything renders.
 */
export interface ProgressState {
  loading: boolean;
  /** 0–100; climbs while loading, 100 briefly after done */
  percent: number;
}

let state: ProgressState = { loading: false, percent: 0 };
const listeners = new Set<() => void>();
let trickle: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;

function emit(next: ProgressState) {
  state = next;
  for (const l of listeners) l();
}

/** Next trickle value: fast at first, slowing down, never reaching the end before done(). */
export function trickleStep(percent: number): number {
  const room = 95 - percent;
  return room <= 0 ? percent : percent + Math.max(0.5, room * 0.1);
}

export const progress = {
  start(): void {
    clearTimeout(hide);
    if (state.loading) return;
    emit({ loading: true, percent: 8 });
    clearInterval(trickle);
    trickle = setInterval(() => emit({ ...state, percent: trickleStep(state.percent) }), 200);
  },
  done(): void {
    if (!state.loading) return;
    clearInterval(trickle);
    emit({ loading: false, percent: 100 });
    // keep the full bar visible a moment so short navigations still show an ending
    hide = setTimeout(() => emit({ loading: false, percent: 0 }), 250);
  },
  get(): ProgressState {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
