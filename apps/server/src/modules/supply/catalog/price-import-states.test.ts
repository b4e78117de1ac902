import { PRICE_IMPORT_STATUSES } from '@kc/contracts/supply/catalog-price-imports';
import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import {
  PRICE_IMPORT_APPLIED,
  PRICE_IMPORT_EXPIRY,
  PRICE_IMPORT_OPENED,
  PRICE_IMPORT_TRANSITIONS,
  PRICE_IMPORT_VALIDATION,
  priceImportMove,
  ROLLBACK_RECORD,
  rollbackAllowed,
} from './price-import-states.ts';

describe('price import transitions', () => {
  it('walks validating → validated → applied → rolledBack', () => {
    expect(PRICE_IMPORT_OPENED).toBe('validating');
    expect(priceImportMove('validating', 'validate')).toBe('validated');
    expect(PRICE_IMPORT_VALIDATION).toEqual({ from: ['validating'], to: 'validated' });
    expect(priceImportMove('validated', 'confirm')).toBe('applied');
    expect(priceImportMove('applied', 'rollBack')).toBe('rolledBack');
  });

  it('confirms or cancels only a validated import', () => {
    expect(priceImportMove('validated', 'cancel')).toBe('cancelled');
    for (const s of ['validating', 'applied', 'expired', 'cancelled', 'rolledBack', 'rollback']) {
      expect(priceImportMove(s, 'confirm')).toBeNull();
      expect(priceImportMove(s, 'cancel')).toBeNull();
    }
  });

  it('rolls back only an applied import; a rollback record is final', () => {
    expect(rollbackAllowed('applied')).toBe(true);
    for (const s of ['validating', 'validated', 'expired', 'cancelled', 'rolledBack', ROLLBACK_RECORD]) expect(rollbackAllowed(s)).toBe(false);
    for (const move of ['validate', 'confirm', 'cancel', 'rollBack'] as const) expect(priceImportMove(ROLLBACK_RECORD, move)).toBeNull();
  });

  it('expires open imports only, by the sweep, in one update', () => {
    expect(PRICE_IMPORT_EXPIRY).toEqual({ from: ['validating', 'validated'], to: 'expired' });
    expect(transition(PRICE_IMPORT_TRANSITIONS, 'applied', 'expire', 'sweep')).toBeNull();
    expect(transition(PRICE_IMPORT_TRANSITIONS, 'validated', 'expire', 'supplier')).toBeNull();
  });

  it('names every status the contract knows: the table’s, where an upload starts, and the rollback record', () => {
    const moved = PRICE_IMPORT_TRANSITIONS.flatMap((r) => [...r.from, r.to as string]);
    const named = new Set([...moved, PRICE_IMPORT_OPENED, ROLLBACK_RECORD]);
    expect([...named].sort()).toEqual([...PRICE_IMPORT_STATUSES].sort());
    expect(PRICE_IMPORT_APPLIED).toEqual(['applied', 'rolledBack', 'rollback']);
  });
});
