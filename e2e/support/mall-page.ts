import type { Locator, Page } from 'playwright-core';

/** Fen held by a price element (PriceText carries it in data-fen). */
export async function fenOf(locator: Locator): Promise<number> {
  return Number(await locator.getAttribute('data-fen'));
}

/** Whether the item page's supply area reaches the province (its list holds names without 省/市). */
export async function deliversTo(page: Page, province: string): Promise<boolean> {
  const areas = (await page.getByTestId('item-areas').textContent()) ?? '';
  return areas === '全国' || areas.split('、').some((a) => province.startsWith(a));
}

export async function inStock(page: Page): Promise<boolean> {
  return Number(await page.getByTestId('item-stock').textContent()) > 0;
}

/** The count in the header's cart badge (0 when the badge is hidden). */
export async function cartBadgeCount(page: Page): Promise<number> {
  // read in one step: the count leaves the DOM after antd's zoom-out, between a count() and a getAttribute()
  return page.getByTestId('cart-badge').evaluate((badge) => Number(badge.querySelector('.ant-badge-count')?.getAttribute('title') ?? 0));
}

/** Picks province / city / district in the open address form's cascader. */
export async function pickRegion(page: Page, path: string[]): Promise<void> {
  await page.getByLabel('所在地区').click();
  for (const [level, name] of path.entries()) {
    await page
      .locator('.ant-cascader-menu')
      .nth(level)
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  }
}
