import { describe, expect, it } from 'vitest';
import { shouldShowWatermark, WATERMARK_TILE, type WatermarkSubject, watermarkText } from './watermark-rule.ts';

const guest: WatermarkSubject = { accountType: 1, userName: 'guest1', realName: '许可', nick: null, verification: 0, deptVOList: [{ id: 1 }] };
const on = { loginRoute: false, printRoute: false };

describe('watermark visibility (docs/domains/platform.md#watermark)', () => {
  it('shows for a logged-in buyer whose first department is 1', () => {
    expect(shouldShowWatermark({ user: guest, ...on })).toBe(true);
  });
  it('hides for the platform admin (type 0): department 1 is their own, not an unverified buyer account', () => {
    expect(shouldShowWatermark({ user: { ...guest, accountType: 0 }, ...on })).toBe(false);
    // verified through 用户信息审核: no longer marked
    expect(shouldShowWatermark({ user: { ...guest, verification: 1 }, ...on })).toBe(false);
  });
  it('hides when the first department is another one', () => {
    expect(shouldShowWatermark({ user: { ...guest, deptVOList: [{ id: 12 }, { id: 1 }] }, ...on })).toBe(false);
  });
  it('hides for suppliers, even in department 1', () => {
    expect(shouldShowWatermark({ user: { ...guest, accountType: 2 }, ...on })).toBe(false);
  });
  it('hides without a user or departments', () => {
    expect(shouldShowWatermark({ user: null, ...on })).toBe(false);
    expect(shouldShowWatermark({ user: { ...guest, deptVOList: [] }, ...on })).toBe(false);
  });
  it('hides on the login and print routes', () => {
    expect(shouldShowWatermark({ user: guest, loginRoute: true, printRoute: false })).toBe(false);
    expect(shouldShowWatermark({ user: guest, loginRoute: false, printRoute: true })).toBe(false);
  });
});

describe('watermark text and tile', () => {
  it('is the real name plus the login name', () => {
    expect(watermarkText(guest)).toBe('许可 guest1');
  });
  it('falls back to the nick, then the login name alone', () => {
    expect(watermarkText({ ...guest, realName: ' ', nick: '小许' })).toBe('小许 guest1');
    expect(watermarkText({ ...guest, realName: null })).toBe('guest1');
  });
  it('tiles 340 by 120', () => {
    expect(WATERMARK_TILE).toEqual({ width: 340, height: 120 });
  });
});
