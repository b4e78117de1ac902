import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiSession, TINY_PNG } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, submitLoginAndWait, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const ADMIN_PASSWORD = 'Admin@2026';

const suite = useBrowserSuite({ name: 'shell' });
let page: Page;
beforeEach(() => {
  page = suite.page;
});
let admin: ApiSession;
beforeAll(async () => {
  admin = await ApiSession.login(suite.server.baseUrl, 'admin', ADMIN_PASSWORD);
});

async function loginTo(p: Page, userName: string, password = PASSWORD, home = '**/cass/dashbord'): Promise<void> {
  await submitLogin(p, userName, password);
  await p.waitForURL(home);
}

describe('水印', () => {
  it('guest1 (department 1, unverified) sees the tiled watermark with name and user name; none on login and print pages', async () => {
    await page.goto('/login');
    expect(await page.getByTestId('watermark').count()).toBe(0);
    await loginTo(page, 'guest1');
    const mark = page.getByTestId('watermark');
    await mark.waitFor({ state: 'attached' });
    expect(await mark.getAttribute('data-text')).toBe('许可 guest1');
    const style = await mark.evaluate((el) => ({ size: getComputedStyle(el).backgroundSize, events: getComputedStyle(el).pointerEvents }));
    expect(style).toEqual({ size: '340px 120px', events: 'none' });

    // A logged-in user on the login page is sent to the dashboard (guard step 7), so try a print page.
    // (a slip guest1 may not read: the print page answers with its own notice, still without the watermark)
    await page.goto('/printPutOrder?id=42');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('watermark').count()).toBe(0);
  });

  it('the platform admin (department 1 by design) sees no watermark', async () => {
    await loginTo(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: '系统管理' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('watermark').count()).toBe(0);
  });

  it('buyer1 (an institute department) sees no watermark', async () => {
    await loginTo(page, 'buyer1');
    await page.getByText('王晓明').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('watermark').count()).toBe(0);
  });
});

describe('帮助中心窗口', () => {
  beforeAll(async () => {
    const { id: first } = await admin.post<{ id: number }>('/uac/v1/help/add', {
      parentId: null,
      meun: '如何下单',
      content: '<p style="color: rgb(121, 106, 238)">先搜索商品，加入购物车后提交订单。</p>',
      sort: 1,
    });
    await admin.post('/uac/v1/help/add', { parentId: first, meun: '购物车说明', content: '<p>购物车按供应商分组。</p>', sort: 1 });
    await admin.post('/uac/v1/help/add', {
      parentId: null,
      meun: '报销流程',
      content: '<p>订单完成后即可申请报销。</p><script>window.hacked = 1</script>',
      sort: 2,
    });
  });

  it('opens from the header, selects the first item, switches items, drags and resizes within the limits', async () => {
    await loginTo(page, 'buyer1');
    await page.getByTestId('header-help').click();
    const win = page.getByTestId('help-window');
    await win.waitFor();

    // The first item of the tree (demo articles come first) is selected on mount and shown.
    const tree = await admin.get<{ meun: string }[]>('/uac/v1/help/tree');
    const current = page.getByTestId('help-menu').locator('button[aria-current="true"]');
    await current.waitFor();
    expect(await current.textContent()).toBe(tree[0].meun);
    const content = page.getByTestId('help-content');
    await content.getByRole('heading', { name: tree[0].meun }).waitFor();

    // A click makes an item active and unfolds it, its style attribute kept; then a child, then another item.
    await page.getByRole('button', { name: '如何下单', exact: true }).click();
    await content.getByText('先搜索商品').waitFor();
    expect(
      await content
        .locator('p')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(121, 106, 238)');
    await page.getByRole('button', { name: '购物车说明' }).click();
    await content.getByText('购物车按供应商分组。').waitFor();
    await page.getByRole('button', { name: '报销流程', exact: true }).click();
    await content.getByText('订单完成后即可申请报销。').waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // A click on an open item folds it.
    await page.getByRole('button', { name: '如何下单', exact: true }).click();
    await page.getByRole('button', { name: '购物车说明' }).waitFor({ state: 'detached' });

    // Default size: up to 600×800, here limited by the 900 px high viewport.
    const box0 = (await win.boundingBox())!;
    expect(box0.width).toBe(600);
    expect(box0.height).toBeLessThanOrEqual(800);

    // Dragging by the header moves it, 0.85 opaque meanwhile.
    const header = page.getByTestId('help-window-header');
    const h = (await header.boundingBox())!;
    await page.mouse.move(h.x + 100, h.y + 20);
    await page.mouse.down();
    await page.mouse.move(h.x - 200, h.y - 50, { steps: 5 });
    expect(await win.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.85');
    await page.mouse.up();
    expect(await win.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const box1 = (await win.boundingBox())!;
    expect(Math.round(box1.x)).toBe(Math.round(box0.x) - 300);

    // Resizing from the corner never goes below 300×300.
    const corner = (await page.getByTestId('help-window-resize').boundingBox())!;
    await page.mouse.move(corner.x + 8, corner.y + 8);
    await page.mouse.down();
    await page.mouse.move(corner.x - 900, corner.y - 900, { steps: 5 });
    await page.mouse.up();
    const box2 = (await win.boundingBox())!;
    expect([Math.round(box2.width), Math.round(box2.height)]).toEqual([300, 300]);
    // The menu then keeps the content at least 100 wide.
    const menu = (await page.getByTestId('help-menu').boundingBox())!;
    expect(menu.width).toBeLessThanOrEqual(200);

    // The full help centre opens in a new window.
    expect(await win.getByRole('link', { name: '在新窗口打开帮助中心' }).getAttribute('href')).toBe('/helpCenter');
    expect(await win.getByRole('link', { name: '在新窗口打开帮助中心' }).getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: '关闭帮助中心' }).click();
    await win.waitFor({ state: 'detached' });
  });

  it('/helpCenter shows the full help centre with the first item selected', async () => {
    await loginTo(page, 'buyer1');
    await page.goto('/helpCenter');
    await page.getByTestId('help-center-menu').waitFor();
    const tree = await admin.get<{ meun: string }[]>('/uac/v1/help/tree');
    await page.getByTestId('help-content').getByRole('heading', { name: tree[0].meun }).waitFor();
    await page.getByTestId('help-center-menu').getByRole('button', { name: '如何下单', exact: true }).click();
    await page.getByTestId('help-content').getByText('先搜索商品').waitFor();
    expect(await page.title()).toContain('帮助中心');
  });
});

describe('常用单位与切换单位', () => {
  it('multi1 gets the default-unit dialog, is warned without a choice, and sets a default', async () => {
    await submitLogin(page, 'multi1', PASSWORD);
    await page.getByText('选择登录单位').waitFor();
    await page.getByRole('radio', { name: '有机固体实验室' }).check();
    // declining the default at login: this tab is not asked again right away
    await page.getByTestId('dept-as-default').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/cass/dashbord');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-modal').filter({ hasText: '设置常用单位' }).count()).toBe(0);

    // a new tab (fresh session storage) offers the default-unit dialog
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const dialog = page.locator('.ant-modal').filter({ hasText: '设置常用单位' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => (el as HTMLElement).style.width)).toBe('488px');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await waitForMessage(page, '请选择单位');

    await dialog.getByRole('radio', { name: '高分子物理与化学实验室' }).check();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await reloaded;
    await page.getByTestId('current-unit').waitFor();
    expect(await page.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-modal').filter({ hasText: '设置常用单位' }).count()).toBe(0);

    // With a default, the next login enters directly.
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    await loginTo(page, 'multi1');
    expect(await page.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');
  });

  it('a unit switched in one tab reloads the other, which says "已切换至：…"', async () => {
    await loginTo(page, 'multidef1');
    await page.waitForLoadState('networkidle');
    const other = await suite.context.newPage();
    await other.goto('/cass/dashbord');
    await other.getByTestId('current-unit').waitFor();
    expect(await other.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');
    await other.waitForLoadState('networkidle');

    const otherReloaded = other.waitForEvent('load');
    await page.bringToFront();
    await page.getByTestId('unit-switcher').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '有机固体实验室' }).click();
    await otherReloaded;
    await other.bringToFront();
    await waitForMessage(other, '已切换至：有机固体实验室');
    expect(await other.getByTestId('current-unit').textContent()).toBe('有机固体实验室');
  });
});

describe('公告与页面配置', () => {
  it('the admin publishes a buyer notice and buyer1 sees it on the dashboard', async () => {
    const title = `系统维护通知 ${Date.now()}`;
    await loginTo(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: '系统管理' }).hover();
    await page.getByRole('menuitem', { name: '公告管理' }).click();
    await page.waitForURL('**/cass/system/notice');
    await page.getByRole('button', { name: '新增公告' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新增公告' });
    await modal.getByLabel('标题').fill(title);
    await modal.locator('textarea').fill('<p>本周六 22:00 至 24:00 系统维护，请提前安排采购。</p>');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await waitForMessage(page, '已保存');
    const row = page.locator('tr').filter({ hasText: title });
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /发\s*布/ })
      .click();
    await row.getByText('已发布').waitFor();

    const buyer = await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'zh-CN' });
    const bp = await buyer.newPage();
    await loginTo(bp, 'buyer1');
    const notices = bp.getByTestId('dashboard-notices');
    await notices.getByText(title).click();
    await bp.getByTestId('notice-detail').getByText('系统维护，请提前安排采购').waitFor();
    await buyer.close();
  });

  it('a started privacy policy appears on the public page', async () => {
    const { id } = await admin.post<{ id: number }>('/mall/v1/webPageConfig/add', {
      kind: 'privacy',
      title: '科研采购平台隐私政策',
      content: '<h2>一、我们收集的信息</h2><p>仅收集完成采购所需的信息。</p>',
      sort: 1,
    });
    await page.goto('/CassLoginPrivacyPolicy');
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByText('仅收集完成采购所需的信息。').count()).toBe(0);
    await admin.post(`/mall/v1/webPageConfig/start/${id}`);
    await page.reload();
    await page.getByTestId('policy-privacy').getByText('仅收集完成采购所需的信息。').waitFor();
    expect(await page.title()).toContain('隐私政策');
  });
});

describe('路由守卫', () => {
  it('an unknown page for a logged-in user goes to /404, a bare section to the dashboard', async () => {
    await loginTo(page, 'buyer1');
    await page.goto('/cass/no-such-page');
    await page.waitForURL('**/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    await page.goto('/cass/');
    await page.waitForURL('**/cass/dashbord');
  });

  it('a changed server version reloads the page once with a time parameter', async () => {
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: '99.0.0' } }));
    await page.goto('/notice');
    await page.waitForURL(/\/notice\?t=\d+$/);
    await page.getByTestId('notice-list').waitFor();
    // Reloaded once for this version: no loop.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/notice');
    expect(await page.evaluate(() => sessionStorage.getItem('kc:version-reloaded'))).toBe('99.0.0');
  });

  it('the SSO entry without configured institutes says so and leads to login', async () => {
    await page.goto('/casSSO');
    await page.getByText('暂无单位开通统一身份认证登录，请使用平台账号登录。').waitFor();
    await page.getByRole('button', { name: '使用平台账号登录' }).click();
    await page.waitForURL('**/login');
  });
});

describe('系统管理', () => {
  it('the admin opens users, roles with their grant tree, departments, outbox and audit log', async () => {
    await loginTo(page, 'admin', ADMIN_PASSWORD);
    const open = async (name: string, path: string) => {
      await page.getByRole('menuitem', { name: '系统管理' }).hover();
      await page.getByRole('menuitem', { name }).click();
      await page.waitForURL(`**${path}`);
    };
    await open('用户管理', '/cass/system/user');
    await page.locator('tr').filter({ hasText: 'buyer1' }).first().waitFor();

    await open('角色管理', '/cass/system/role');
    const role = page.locator('tr').filter({ hasText: 'team_leader' });
    await role.getByRole('button', { name: '授权' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '授权：课题组长' });
    await drawer.getByText('订单审批').waitFor();
    await drawer.getByText('内置角色的授权只读').waitFor();
    await drawer.locator('.ant-drawer-close').click();

    await open('部门管理', '/cass/system/dept');
    await page.getByText('部门树').waitFor();
    // the platform admin manages every institute's tree
    await page.getByRole('tree').getByText('中国科学院化学研究所').waitFor();
    await page.getByTestId('dept-institute').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国科学院上海药物研究所' }).click();
    await page.getByRole('tree').getByText('中国科学院上海药物研究所').waitFor();

    await open('短信邮件发件箱', '/cass/system/outbox');
    await page.getByRole('columnheader', { name: '接收人' }).waitFor();

    await open('操作日志', '/cass/system/audit');
    await page.getByRole('columnheader', { name: '操作人' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
  });
});

/** The latest code the platform sent to a phone number (the outbox stands in for the SMS gateway). */
async function latestCode(phone: string): Promise<string> {
  const page = await admin.get<{ records: { body: string }[] }>(`/uac/v1/outbox/page?current=1&size=1&recipient=${phone}`);
  const code = /验证码 (\d{6})/.exec(page.records[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

describe('账号解冻与找回密码', () => {
  it('freeze1 is frozen, unblocked with the SMS code, and logs in again', async () => {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      // wait for each answer: a click while the previous login is in flight would not count
      const status = await submitLoginAndWait(page, 'freeze1', `Wrong@${attempt}000`);
      if (attempt < 5) expect(status).toBe(400);
    }
    await page.waitForURL('**/UnFreeze');
    await page.getByRole('button', { name: '获取短信验证码' }).click();
    await waitForMessage(page, '短信验证码已发送');
    await page.getByLabel('验证码').fill(await latestCode('13810230010'));
    await page.getByRole('button', { name: '验证并解冻' }).click();
    await waitForMessage(page, '账号已解冻');
    await page.waitForURL('**/login');
    await loginTo(page, 'freeze1');
  });

  it('buyer2 resets the password with an SMS code and logs in with the new one', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/resetPwd');
    // the page is a lazy chunk: wait for its title, and match the label exactly ('记住用户名' also ends in it)
    await page.getByText('找回密码', { exact: true }).first().waitFor();
    await page.getByLabel('用户名', { exact: true }).fill('buyer2');
    await page.getByLabel('绑定手机号', { exact: true }).fill('13916580001');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText(/139\*{4}0001/).waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await waitForMessage(page, '短信验证码已发送');
    await page.getByPlaceholder('6 位验证码').fill(await latestCode('13916580001'));
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('新密码', { exact: true }).fill('Reset2026ok');
    await page.getByLabel('确认新密码').fill('Reset2026ok');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL('**/resetPassWordSuccess');
    await page.getByText('密码重置成功').waitFor();
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL('**/login');
    await loginTo(page, 'buyer2', 'Reset2026ok');
  });
});

describe('内容管理', () => {
  it('the admin uploads a login carousel picture, starts it, and the login page shows it', async () => {
    await loginTo(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/cass/system/pageConfig');
    await page.getByRole('button', { name: '新增配置' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新增页面配置' });
    await modal.getByLabel('标题').fill('一站式采购');
    // a logged-in multipart upload, signed with the session key over the empty body
    await modal.getByTestId('page-config-image').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: TINY_PNG });
    await modal.getByRole('link', { name: 'slide.png' }).waitFor();
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await waitForMessage(page, '已保存');
    const row = page.locator('tr').filter({ hasText: '一站式采购' });
    await row.getByRole('button', { name: '启用' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /启\s*用/ })
      .click();
    await row.getByText('已启用').waitFor();

    const visitor = await suite.newContext();
    const vp = await visitor.newPage();
    await vp.goto('/login');
    await vp.locator('img[alt="一站式采购"]').first().waitFor({ state: 'attached' });
    await visitor.close();
  });

  it('the admin adds a help item and its child in the tree editor; buyers see them', async () => {
    await loginTo(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/cass/system/help');
    await page.getByRole('button', { name: '新增一级条目' }).click();
    await page.getByLabel('标题').fill('发票与报销');
    await page.locator('textarea').fill('<p>发票抬头请填写研究所全称。</p>');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitForMessage(page, '已保存');
    await page.getByRole('button', { name: '新增下级' }).click();
    await page.getByLabel('标题').fill('电子发票');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-tree').getByText('电子发票').waitFor();

    const buyer = await suite.newContext();
    const bp = await buyer.newPage();
    await loginTo(bp, 'buyer1');
    await bp.goto('/helpCenter');
    await bp.getByRole('button', { name: '发票与报销', exact: true }).click();
    await bp.getByTestId('help-content').getByText('发票抬头请填写研究所全称。').waitFor();
    await bp.getByRole('button', { name: '电子发票', exact: true }).waitFor();
    await buyer.close();
  });
});

describe('页面标题与面包屑', () => {
  interface Menu {
    name: string;
    path: string | null;
    child?: Menu[];
  }
  const leaves = (menus: Menu[]): { name: string; path: string }[] =>
    menus.flatMap((m) => (m.child?.length ? leaves(m.child) : m.path ? [{ name: m.name, path: m.path.startsWith('/') ? m.path : `/${m.path}` }] : []));

  // every page a role reaches from its menus: the menu's name as the page title, a breadcrumb back
  // to 控制台, the name in the browser tab; nothing left blank
  for (const [userName, password] of [
    ['buyer1', PASSWORD],
    ['owner1', PASSWORD],
    ['admin', ADMIN_PASSWORD],
    ['supplier1', PASSWORD],
  ] as const) {
    it(`${userName}: every menu page has its title and a breadcrumb back to the dashboard`, async () => {
      const api = await ApiSession.login(suite.server.baseUrl, userName, password);
      const info = await api.get<{ menuVOList: Menu[]; modules: { moduleName: string; modulePath: string | null }[] }>('/uac/v1/caas-user/getUserAllInfo');
      const pages =
        userName === 'supplier1'
          ? info.modules.filter((m) => m.modulePath && !m.modulePath.endsWith('dashbord')).map((m) => ({ name: m.moduleName, path: m.modulePath as string }))
          : leaves(info.menuVOList).filter((m) => !m.path.endsWith('dashbord'));
      expect(pages.length).toBeGreaterThan(0);
      await loginTo(page, userName, password, userName.startsWith('supplier') ? '**/cassSupplier/dashbord' : '**/cass/dashbord');
      for (const p of pages) {
        await page.goto(p.path);
        const crumb = page.locator('.ant-breadcrumb').first();
        await crumb.waitFor({ timeout: 10_000 }).catch(() => {
          throw new Error(`${userName} ${p.path}（${p.name}）没有面包屑`);
        });
        expect(await crumb.getByText('控制台').count(), p.path).toBe(1);
        const title = await page.locator('h4').first().innerText();
        expect(title.trim().length, p.path).toBeGreaterThan(0);
        expect(await page.title(), p.path).toContain(p.name);
      }
      // a full page load per menu: the admin has some twenty of them, and each domain adds more
    }, 240_000);
  }
});
