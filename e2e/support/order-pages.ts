import type { Locator, Page } from 'playwright-core';

/** antd puts a space between the two characters of a two-character button label (通 过, 驳 回). */
export const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** The row of an order in a buyer-side order table. */
export function orderRow(page: Page, orderNo: string): Locator {
  return page.locator(`tr[data-testid="order-row"][data-order-no="${orderNo}"]`);
}

/** The row of a sub-order (expanded under its order) whose number starts with the order's. */
export function subOrderRow(page: Page, orderNo: string): Locator {
  return page.locator(`tr[data-testid="sub-order-row"][data-sub-no^="${orderNo}"]`);
}

/** The supplier's row of a sub-order of the order. */
export function supplierRow(page: Page, orderNo: string): Locator {
  return page.locator(`tr[data-testid="supplier-order-row"][data-order-no="${orderNo}"]`);
}

/** Clicks the OK button of the open confirmation dialog (Modal.confirm). */
export async function confirmDialog(page: Page, ok: string): Promise<void> {
  const dialog = page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .filter({ has: page.getByRole('button', { name: label(ok) }) })
    .first();
  // A click during antd's opening animation can be lost on a loaded machine: click again while the
  // dialog stays open (a move in flight shows the button loading, which ignores further clicks).
  // The move's answer may open another dialog (batch results) while this one closes.
  for (let attempt = 1; ; attempt++) {
    await dialog
      .getByRole('button', { name: label(ok) })
      .click({ timeout: attempt === 1 ? 30_000 : 2_000 })
      .catch((err: unknown) => {
        if (attempt === 1) throw err;
      });
    try {
      await dialog.waitFor({ state: 'hidden', timeout: attempt < 3 ? 5_000 : 15_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Fills the reason dialog titled `title` and submits it with its OK button. */
export async function submitReason(page: Page, title: string | RegExp, reason: string, ok: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox').fill(reason);
  await clickUntilClosed(dialog, dialog.getByRole('button', { name: label(ok) }));
}

/**
 * Clicks a dialog's button until the dialog closes. A click during antd's opening animation can be
 * lost on a loaded machine: click again while the dialog stays open (a save in flight shows the
 * button loading, which ignores further clicks).
 */
export async function clickUntilClosed(dialog: Locator, button: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await button.click();
    try {
      await dialog.waitFor({ state: 'hidden', timeout: attempt < 3 ? 5_000 : 15_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** The state key of an order row (data-status of its status tag). */
export async function rowStatus(row: Locator): Promise<string | null> {
  return row.getByTestId('order-status').first().getAttribute('data-status');
}

/** Opens the message bell and answers whether a message mentions `text`. */
export async function hasMessage(page: Page, text: string): Promise<boolean> {
  await page.getByTestId('message-bell').click();
  const item = page.getByTestId('message-item').filter({ hasText: text });
  try {
    await item.first().waitFor({ timeout: 5000 });
    return true;
  } catch {
    return false;
  } finally {
    await page.getByTestId('message-bell').click();
  }
}

/**
 * Chooses an option of an antd Select opened by clicking `opener`, clicking again until `isShown()`:
 * on a loaded machine a click during the dropdown's opening animation can be lost.
 */
export async function chooseOption(page: Page, opener: Locator, option: string | null, isShown: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await isShown()) return;
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await opener.click();
    const menu = page.locator('.ant-select-dropdown:visible');
    const target = option === null ? menu.locator('.ant-select-item-option').first() : menu.getByText(option, { exact: true }).first();
    await target.click({ timeout: 3_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
  }
  if (!(await isShown())) throw new Error(`未能选中选项 ${option ?? '（第一项）'}`);
}
