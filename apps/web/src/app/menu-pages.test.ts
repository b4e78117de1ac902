import { describe, expect, it } from 'vitest';
import { composeMenuPages, FEATURE_MENU_PAGES } from './menu-pages.ts';

describe('menu-driven pages (features/<context>/<domain>/menu-pages.ts)', () => {
  it('declares each page once, under its component name', () => {
    const pages = composeMenuPages();
    expect(Object.keys(pages)).toEqual(
      expect.arrayContaining(['mall/favorites', 'system/user', 'system/notice', 'system/page-config', 'system/supplier-review']),
    );
    expect(() => composeMenuPages([...FEATURE_MENU_PAGES, { 'system/user': pages['system/user'] }])).toThrow(/system\/user/);
  });
});
