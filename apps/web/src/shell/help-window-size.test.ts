import { describe, expect, it } from 'vitest';
import { clampHelpPosition, clampHelpSize, clampMenuWidth, defaultHelpRect, defaultHelpSize, HELP_WINDOW } from './help-window-size.ts';

describe('help window sizing (docs/domains/site.md#help-window)', () => {
  it('defaults to 600×800 on a large screen', () => {
    expect(defaultHelpSize({ width: 1920, height: 1080 })).toEqual({ width: 600, height: 800 });
  });
  it('defaults to less on a small screen, but never under 300×300', () => {
    expect(defaultHelpSize({ width: 1366, height: 700 })).toEqual({ width: 600, height: 668 });
    expect(defaultHelpSize({ width: 200, height: 200 })).toEqual({ width: 300, height: 300 });
  });
  it('starts in the bottom-right corner', () => {
    expect(defaultHelpRect({ width: 1366, height: 900 })).toEqual({ width: 600, height: 800, left: 750, top: 84 });
  });
  it('keeps a resized window at least 300×300', () => {
    expect(clampHelpSize({ width: 120, height: 50 }, { left: 0, top: 0 }, { width: 1366, height: 900 })).toEqual({ width: 300, height: 300 });
  });
  it('keeps a resized window inside the viewport', () => {
    expect(clampHelpSize({ width: 2000, height: 2000 }, { left: 366, top: 100 }, { width: 1366, height: 900 })).toEqual({ width: 1000, height: 800 });
  });
  it('keeps a dragged window on screen', () => {
    const rect = { left: -50, top: 5000, width: 600, height: 800 };
    expect(clampHelpPosition(rect, { width: 1366, height: 900 })).toEqual({ left: 0, top: 100 });
  });
  it('menu width defaults to 155, at least 100', () => {
    expect(HELP_WINDOW.menuWidth).toBe(155);
    expect(clampMenuWidth(40, 600)).toBe(100);
  });
  it('leaves the content at least 100 wide', () => {
    expect(clampMenuWidth(580, 600)).toBe(500);
    expect(clampMenuWidth(250, 300)).toBe(200);
  });
  it('is 0.85 opaque while dragging', () => {
    expect(HELP_WINDOW.draggingOpacity).toBe(0.85);
  });
});
