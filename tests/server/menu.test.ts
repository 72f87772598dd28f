import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { prepareDatabase } from '../../server/src/demo/template.js';
import { menuItems, settings } from '../../server/src/db/schema.js';
import { LocalStorage } from '../../server/src/lib/storage.js';

type Group = { subheader: string; items: { path: string; roles?: string[]; children?: { path: string }[] }[] };
const paths = (nav: Group[]) =>
  nav.flatMap((g) => g.items.flatMap((i) => [i.path, ...(i.children ?? []).map((c) => c.path)]));

describe.each(dbKinds())('navConfig (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  const me = async (user: string) =>
    (await t.app.inject({ url: '/api/account/me', headers: await t.headers(user) })).json();

  it('gives admin the admin screens and the admin-only item', async () => {
    const { navConfig, roles } = await me('admin');
    expect(roles).toEqual(['admin']);
    expect(navConfig).toEqual([
      {
        subheader: 'nav.overview',
        items: [
          { title: 'nav.dashboard', path: '/admin/dashboard', icon: 'dashboard' },
          { title: 'nav.analytics', path: '/admin/two', icon: 'dashboard' },
          { title: 'nav.ecommerce', path: '/admin/three', icon: 'dashboard' },
        ],
      },
      {
        subheader: 'nav.content',
        items: [
          {
            title: 'nav.blog',
            path: '/admin/blog',
            icon: 'blog',
            children: [
              { title: 'nav.posts', path: '/admin/blog/posts' },
              { title: 'nav.newPost', path: '/admin/blog/new' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.catalogue',
        items: [
          {
            title: 'nav.products',
            path: '/admin/product',
            icon: 'product',
            children: [
              { title: 'nav.productList', path: '/admin/product/listproduct' },
              { title: 'nav.productApprove', path: '/admin/product/listproductapprove' },
              { title: 'nav.productVisible', path: '/admin/product/visible' },
              { title: 'nav.productAttributes', path: '/admin/product/masterattribute' },
              { title: 'nav.newProductReport', path: '/admin/product/reportnewproduct' },
              { title: 'nav.installRates', path: '/admin/product/installrate' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.sales',
        items: [
          {
            title: 'nav.orders',
            path: '/admin/orders',
            icon: 'order',
            children: [
              { title: 'nav.orderList', path: '/admin/orders/list' },
              { title: 'nav.branchOrders', path: '/admin/orders/listbranch' },
              { title: 'nav.paymentSlips', path: '/admin/orders/listslip' },
              { title: 'nav.claims', path: '/admin/orders/productclaim' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.storefront',
        items: [
          { title: 'nav.brandshop', path: '/admin/brandshop', icon: 'shop' },
          { title: 'nav.housebrand', path: '/admin/housebrand', icon: 'shop' },
        ],
      },
      {
        subheader: 'nav.marketing',
        items: [
          { title: 'nav.campaign', path: '/admin/campaign', icon: 'campaign' },
          { title: 'nav.homecategory', path: '/admin/homecategory', icon: 'category' },
          {
            title: 'nav.banners',
            path: '/admin/banners',
            icon: 'banner',
            children: [{ title: 'nav.bannerManagement', path: '/admin/banners/bannermanagement' }],
          },
          {
            title: 'nav.promotion',
            path: '/admin/promotion',
            icon: 'promotion',
            children: [
              { title: 'nav.homeSale', path: '/admin/promotion/homesale' },
              { title: 'nav.flashSale', path: '/admin/promotion/flashsale' },
              { title: 'nav.notifications', path: '/admin/promotion/notify' },
              { title: 'nav.oldForNew', path: '/admin/promotion/oldfornew' },
              { title: 'nav.couponLine', path: '/admin/promotion/couponline' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.insight',
        items: [
          {
            title: 'nav.reports',
            path: '/admin/reports',
            icon: 'report',
            children: [
              { title: 'nav.reportTrackOrder', path: '/admin/reports/reporttrackorder' },
              { title: 'nav.reportShippingOrder', path: '/admin/reports/reportshippingorder' },
              { title: 'nav.reportAirService', path: '/admin/reports/reportairservice' },
              { title: 'nav.reportCoupon', path: '/admin/reports/reportcupon' },
              { title: 'nav.reportPromotionOnline', path: '/admin/reports/reportpromotiononline' },
              { title: 'nav.reportProductPromotion', path: '/admin/reports/reportproductpromotion' },
              { title: 'nav.reportReview', path: '/admin/reports/reportreview' },
              { title: 'nav.reportProductStatus', path: '/admin/reports/reportstatusproduct' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.app',
        items: [
          {
            title: 'nav.apps',
            path: '/admin/apps',
            icon: 'apps',
            children: [
              { title: 'nav.kanban', path: '/admin/apps/kanban' },
              { title: 'nav.mail', path: '/admin/apps/mail' },
              { title: 'nav.chat', path: '/admin/apps/chat' },
              { title: 'nav.calendar', path: '/admin/apps/calendar' },
              { title: 'nav.checkout', path: '/admin/apps/checkout' },
            ],
          },
        ],
      },
      {
        subheader: 'nav.management',
        items: [
          {
            title: 'nav.setting',
            path: '/admin/setting',
            icon: 'setting',
            children: [
              { title: 'nav.settingUser', path: '/admin/setting/user' },
              { title: 'nav.settingRole', path: '/admin/setting/role' },
              { title: 'nav.settingShipping', path: '/admin/setting/shipping' },
              { title: 'nav.shippingZones', path: '/admin/setting/shipping-zones' },
            ],
          },
          { title: 'nav.audit', path: '/admin/audit', icon: 'audit', roles: ['admin'] },
          { title: 'nav.routes', path: '/admin/routes', icon: 'routes', roles: ['admin'] },
        ],
      },
    ]);
  });

  it('gives the editor the blog, house brands, banners and the task board', async () => {
    const { navConfig } = await me('editor');
    expect(paths(navConfig)).toEqual([
      '/admin/blog',
      '/admin/blog/posts',
      '/admin/blog/new',
      '/admin/housebrand',
      '/admin/banners',
      '/admin/banners/bannermanagement',
      '/admin/apps',
      '/admin/apps/kanban',
      '/admin/apps/mail',
      '/admin/apps/chat',
      '/admin/apps/calendar',
    ]);
  });

  it('gives suppliers supplier paths only', async () => {
    for (const u of ['supplier1', 'supplier2']) {
      const p = paths((await me(u)).navConfig);
      expect(p).toEqual([
        '/supplier/dashboard',
        '/supplier/blog',
        '/supplier/blog/posts',
        '/supplier/blog/new',
        '/supplier/product',
        '/supplier/product/list',
        '/supplier/product/newproduct',
        '/supplier/brandshop',
        '/supplier/apps',
        '/supplier/apps/kanban',
        '/supplier/apps/mail',
        '/supplier/apps/chat',
        '/supplier/apps/calendar',
      ]);
    }
  });
});

describe.each(dbKinds())('preparing the database at start (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  const storage = () => new LocalStorage(t.app.config.dataDir);
  const menuTitle = async () =>
    (await t.app.db.select({ title: menuItems.title }).from(menuItems).where(eq(menuItems.path, '/admin/audit')))[0]
      ?.title;

  it('is skipped when this code prepared the database already, and done again when another did', async () => {
    await t.app.db.update(menuItems).set({ title: 'changed by hand' }).where(eq(menuItems.path, '/admin/audit'));
    // The test template was prepared by this code: nothing is synced.
    expect(await prepareDatabase(t.app.db, storage())).toBeNull();
    expect(await menuTitle()).toBe('changed by hand');
    // Prepared by other code (another version, or without the demo): the menu follows the table again.
    await t.app.db.update(settings).set({ value: 'other code' }).where(eq(settings.key, 'startup.prepared'));
    expect(await prepareDatabase(t.app.db, storage())).toBeNull();
    expect(await menuTitle()).toBe('nav.audit');
    await t.app.db.update(menuItems).set({ title: 'changed by hand' }).where(eq(menuItems.path, '/admin/audit'));
    await prepareDatabase(t.app.db, storage(), false);
    expect(await menuTitle()).toBe('nav.audit');
  });
});
