import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const suite = useBrowserSuite({ name: 'favorites', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

/** Opens the n-th result of a search and favourites it from the item page; answers the item's id and name. */
async function favouriteResult(n: number): Promise<{ id: string; name: string }> {
  await page.goto('/search?q=乙醇');
  await page.getByTestId('search-result-name').nth(n).click();
  await page.waitForURL(/\/item_detail\.lf\?id=\d+/);
  const name = ((await page.getByTestId('item-name').textContent()) ?? '').trim();
  const button = page.getByTestId('item-favorite');
  await expect.poll(() => button.textContent()).toMatch(/^收\s*藏$/);
  await button.click();
  await waitForMessage(page, '已收藏');
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  return { id: new URL(page.url()).searchParams.get('id') ?? '', name };
}

describe('收藏夹', () => {
  it('buyer1 favourites items from their pages, finds them in 我的收藏, adds one to the cart and removes them', async () => {
    await submitLogin(page, 'buyer1', 'Demo@2026');
    await page.waitForURL('**/cass/dashbord');
    // the console leads into the mall
    await page.getByTestId('header-mall').click();
    await page.waitForURL((u) => u.pathname === '/');

    const first = await favouriteResult(0);
    // the item page asks the server: still favourited after a reload
    await page.reload();
    await expect.poll(() => page.getByTestId('item-favorite').textContent()).toMatch(/已收藏/);
    const second = await favouriteResult(1);
    const third = await favouriteResult(2);

    // the menu leads to 我的收藏
    await page.goto('/cass/dashbord');
    await page.getByRole('menuitem', { name: '采购管理' }).hover();
    await page.getByRole('menuitem', { name: '我的收藏' }).click();
    await page.waitForURL('**/cass/favorites');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const row = (f: { id: string }) => page.locator(`.ant-table-tbody tr[data-row-key="${f.id}"]`);
    await expect.poll(() => rows.count()).toBe(3);
    // newest first
    expect(await rows.first().getAttribute('data-row-key')).toBe(third.id);

    // search narrows the list; nothing matching says so
    const keyword = page.getByPlaceholder('商品名称或 CAS 号');
    await keyword.fill('no-such-favourite');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('没有名称或 CAS 号匹配').waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows.count()).toBe(3);

    // 加入购物车 from the list (offered for items on the shelf and in stock)
    const addButtons = page.locator('.ant-table-tbody').getByRole('button', { name: /加入购物车/ });
    expect(await addButtons.count()).toBeGreaterThan(0);
    await addButtons.first().click();
    await waitForMessage(page, '已加入购物车');

    // 取消收藏 of one row, after confirming
    await row(first).getByRole('button', { name: '取消收藏' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定取消收藏“${first.name}”吗？`).waitFor();
    await confirm.getByRole('button', { name: '取消收藏' }).click();
    await waitForMessage(page, '已取消收藏');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await row(first).count()).toBe(0);

    // batch: choose the rest and remove them together
    for (const f of [second, third]) await row(f).getByRole('checkbox').check();
    await page.getByTestId('favorite-batch-remove').click();
    await confirm.getByText('确定取消收藏选中的 2 个商品吗？').waitFor();
    await confirm.getByRole('button', { name: '取消收藏' }).click();
    await waitForMessage(page, '已取消 2 个收藏');
    await page.getByText('收藏夹还是空的').waitFor();
  });
});
