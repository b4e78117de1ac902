import { ASYNC_EXPORT_THRESHOLD } from '@kc/contracts/oversight/exports';
import { describe, expect, it } from 'vitest';
import { exportsInBackground } from './export-mode.ts';

describe('exportsInBackground', () => {
  it('goes to the background above the threshold or when asked', () => {
    expect(exportsInBackground({ total: 0 })).toBe(false);
    expect(exportsInBackground({ total: ASYNC_EXPORT_THRESHOLD })).toBe(false);
    expect(exportsInBackground({ total: ASYNC_EXPORT_THRESHOLD + 1 })).toBe(true);
    expect(exportsInBackground({ total: 3, background: true })).toBe(true);
    expect(exportsInBackground({})).toBe(false);
  });
});
