import { describe, expect, it } from 'vitest';
import { cardUnusable, mayCharge } from './grant-card-rules.ts';

const card = { card_no: '22371234', status: 'active', valid_from: '2026-01-01', valid_to: '2026-12-31', pi_id: 7 };

describe('grant card rules', () => {
  it('a card is usable when 有效 and today lies within its validity, both days inclusive', () => {
    expect(cardUnusable(card, '2026-01-01')).toBeNull();
    expect(cardUnusable(card, '2026-12-31')).toBeNull();
    expect(cardUnusable(card, '2025-12-31')).toBe('经费卡 22371234 不在有效期内（2026-01-01 至 2026-12-31）');
    expect(cardUnusable(card, '2027-01-01')).toContain('不在有效期内');
    expect(cardUnusable({ ...card, status: 'frozen' }, '2026-06-01')).toBe('经费卡 22371234 已冻结');
    expect(cardUnusable({ ...card, status: 'invalid' }, '2026-06-01')).toBe('经费卡 22371234 已无效');
  });

  it('the PI and the members may charge a card, nobody else', () => {
    expect(mayCharge(card, 7, [])).toBe(true);
    expect(mayCharge(card, 8, [8, 9])).toBe(true);
    expect(mayCharge(card, 10, [8, 9])).toBe(false);
  });
});
