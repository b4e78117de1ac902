import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { nextStocktakeStatus, STOCKTAKE_OPENED, STOCKTAKE_TRANSITIONS } from './stocktake-states.ts';

describe('stocktake transitions', () => {
  it('opens, counts as often as needed, then closes', () => {
    expect(STOCKTAKE_OPENED).toBe('open');
    expect(transition(STOCKTAKE_TRANSITIONS, 'open', 'count', 'keeper')).toBe('open');
    expect(transition(STOCKTAKE_TRANSITIONS, 'open', 'close', 'keeper')).toBe('closed');
  });

  it('keeps a closed stocktake final', () => {
    expect(nextStocktakeStatus('closed', 'count')).toBeNull();
    expect(nextStocktakeStatus('closed', 'close')).toBeNull();
  });

  it('knows no other status', () => {
    expect(nextStocktakeStatus('cancelled', 'close')).toBeNull();
  });
});
