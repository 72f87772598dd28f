import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { guardPlugin, type RouteEntry } from '../../server/src/auth/guard.js';
import { blogPosts, products, shops } from '../../server/src/db/schema.js';
import { PRODUCT_IDLESS, productSample } from './product-files.js';
import { SCREENS } from '../../contract/screens.js';
import { ORDER_READS, orderFingerprint, orderIdsOf, orderSample, type OrderIds } from './order-samples.js';
import { kanbanIdsOf, kanbanSample, type BoardIds } from './kanban-samples.js';
import { brandshopIdsOf, brandshopSample, type ShopIds } from './brandshop-samples.js';
import { taskboardSample } from './taskboard-samples.js';
import { bannersIdsOf, bannersSample, type BannersIds } from './banners-samples.js';
import { campaignIdsOf, campaignSample, type CampaignIds } from './campaign-samples.js';
import { promotionIdsOf, promotionSample, type PromotionIds } from './promotion-samples.js';
import { homecategoryIdsOf, homecategorySample, type HomecategoryIds } from './homecategory-samples.js';
import { flashsaleIdsOf, flashsaleSample, type FlashsaleIds } from './flashsale-samples.js';
import { notifyIdsOf, notifySample, type NotifyIds } from './notify-samples.js';
import { blogSample } from './blog-samples.js';
import { usersIdsOf, usersSample, type UsersIds } from './users-samples.js';
import { auditIdsOf, auditSample, type AuditIds } from './audit-samples.js';
import { chatIdsOf, chatSample, type ChatIds } from './chat-samples.js';
import { mailIdsOf, mailSample, type MailIds } from './mail-samples.js';
import { dashboardIdsOf, dashboardSample, type DashboardIds } from './dashboard-samples.js';
import { reportsIdsOf, reportsSample, type ReportsIds } from './reports-samples.js';
import { CALENDAR_IDLESS, calendarIdsOf, calendarSample, type CalendarIds } from './calendar-samples.js';
import { checkoutIdsOf, checkoutSample, type CheckoutIds } from './checkout-samples.js';
import { settingsIdsOf, settingsSample, type SettingsIds } from './settings-samples.js';
import { outboxSample } from './outbox-samples.js';

/** A body/query that passes validation for each route, with placeholders for ids. */
type Ids = {
  dashboard: DashboardIds;
  reports: ReportsIds;
  shop: number;
  post: number;
  product: number;
  order: OrderIds;
  board: BoardIds;
  storefront: ShopIds;
  banners: BannersIds;
  campaign: CampaignIds;
  promotion: PromotionIds;
  homecategory: HomecategoryIds;
  flashsale: FlashsaleIds;
  notify: NotifyIds;
  chat: ChatIds;
  users: UsersIds;
  audit: AuditIds;
  mail: MailIds;
  calendar: CalendarIds;
  checkout: CheckoutIds;
  settings: SettingsIds;
};

function sample(r: RouteEntry, ids: Ids) {
  const product = productSample(r.method, r.url, ids);
  if (product) return product;
  const order = orderSample(r.method, r.url, ids.order);
  if (order) return order;
  const board =
    kanbanSample(r.method, r.url, ids.shop, ids.board) ?? brandshopSample(r.method, r.url, ids.shop, ids.storefront);
  if (board) return board;
  const tasks = taskboardSample(r.method, r.url, ids.shop);
  if (tasks) return tasks;
  const blog = blogSample(r.method, r.url, ids);
  if (blog) return blog;
  const chat = chatSample(r.method, r.url, ids.shop, ids.chat);
  if (chat) return chat;
  const people = usersSample(r.method, r.url, ids.shop, ids.users) ?? auditSample(r.method, r.url, ids.shop, ids.audit);
  if (people) return people;
  const mail = mailSample(r.method, r.url, ids.shop, ids.mail);
  if (mail) return mail;
  const report = reportsSample(r.method, r.url, ids.shop, ids.reports);
  if (report) return report;
  const marketing =
    bannersSample(r.method, r.url, ids.shop, ids.banners) ??
    campaignSample(r.method, r.url, ids.shop, ids.campaign) ??
    promotionSample(r.method, r.url, ids.shop, ids.promotion) ??
    homecategorySample(r.method, r.url, ids.shop, ids.homecategory) ??
    flashsaleSample(r.method, r.url, ids.shop, ids.flashsale) ??
    notifySample(r.method, r.url, ids.shop, ids.notify);
  if (marketing) return marketing;
  const calendar = calendarSample(r.method, r.url, ids.shop, ids.calendar);
  if (calendar) return calendar;
  const checkout = checkoutSample(r.method, r.url, ids.shop, ids.checkout);
  if (checkout) return checkout;
  const dash = dashboardSample(r.method, r.url, ids.shop, ids.dashboard);
  if (dash) return dash;
  const setting = settingsSample(r.method, r.url, ids.shop, ids.settings);
  if (setting) return setting;
  const outbox = outboxSample(r.method, r.url);
  if (outbox) return outbox;
  const bodies: Record<string, object> = {
    '/api/account/login': { users: 'x', password: 'x', typeLogin: 'staff' },
    '/api/account/register': { email: 'x@example.com', password: 'abcd1234', firstName: 'a', lastName: 'b' },
  };
  const queries: Record<string, string> = {
    '/api/report/getReloadDashboard': `?shopId=${ids.shop}`,
  };
  return r.method === 'GET'
    ? { method: 'GET' as const, url: r.url + (queries[r.url] ?? '') }
    : { method: r.method as 'POST', url: r.url, payload: bodies[r.url] ?? {} };
}

const menuOf = (r: RouteEntry) => (typeof r.access === 'object' ? r.access.menu : []);

describe('default deny', () => {
  it('refuses to start when an /api route has no access rule', async () => {
    const app = Fastify();
    await app.register(guardPlugin, { db: null as never });
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(/no access rule/);
    // Inside a plugin (how modules register), the same error stops start-up.
    const app2 = Fastify();
    await app2.register(guardPlugin, { db: null as never });
    app2.register(async (child) => {
      child.post('/api/also-forgotten', async () => ({}));
    });
    await expect(app2.ready()).rejects.toThrow(/no access rule/);
  });

  it("refuses a route that types its own access rule instead of taking the table's", async () => {
    const app = Fastify();
    await app.register(guardPlugin, { db: null as never });
    expect(() => app.get('/api/order/orderlist', { config: { access: 'public' } }, async () => ({}))).toThrow(
      /declares its own access rule/,
    );
  });
});

describe.each(dbKinds())('every API route (%s)', (kind) => {
  let t: TestApp;
  let api: RouteEntry[];
  let ids: { own: Ids; foreign: Ids };
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    api = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    const pick = async (shopName: string) => {
      const [s] = await t.app.db.select().from(shops).where(eq(shops.name, shopName));
      const [p] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.shopId, s.id)).limit(1);
      const [pr] = await t.app.db.select().from(products).where(eq(products.shopId, s.id)).limit(1);
      const admin = await t.headers('admin');
      return {
        dashboard: await dashboardIdsOf(t.app, s.id, admin),
        reports: await reportsIdsOf(t.app, s.id, admin),
        shop: s.id,
        post: p.id,
        product: pr.id,
        order: await orderIdsOf(t.app, s.id, admin),
        board: await kanbanIdsOf(t.app, s.id, admin),
        storefront: await brandshopIdsOf(t.app, s.id, admin),
        banners: await bannersIdsOf(t.app, s.id, admin),
        campaign: await campaignIdsOf(t.app, s.id, admin),
        promotion: await promotionIdsOf(t.app, s.id, admin),
        homecategory: await homecategoryIdsOf(t.app, s.id, admin),
        flashsale: await flashsaleIdsOf(t.app, s.id, admin),
        notify: await notifyIdsOf(t.app, s.id, admin),
        chat: await chatIdsOf(t.app, s.id, admin),
        users: await usersIdsOf(t.app, s.id, admin),
        audit: await auditIdsOf(t.app, s.id, admin),
        mail: await mailIdsOf(t.app, s.id, admin),
        calendar: await calendarIdsOf(t.app, s.id, admin),
        settings: await settingsIdsOf(t.app, s.id, admin),
        checkout: await checkoutIdsOf(t.app, s.id, admin),
      };
    };
    ids = { own: await pick('HomePro Lighting'), foreign: await pick('CoolAir Climate Solutions') };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has an access rule on every route', () => {
    expect(api.length).toBeGreaterThanOrEqual(13);
    const missing = t.app.routeTable.filter((r) => (r.url.startsWith('/api') || r.url === '/health') && !r.access);
    expect(missing).toEqual([]);
  });

  it('answers 401 without a token unless public', async () => {
    for (const r of api.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject(sample(r, ids.own));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().status).toBe(401);
      const bad = await t.app.inject({ ...sample(r, ids.own), headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode, `${r.method} ${r.url} with a bad token`).toBe(401);
      // The token is checked before the body: an anonymous caller learns nothing of the schema.
      if (r.method === 'POST') {
        const junk = await t.app.inject({ method: 'POST', url: r.url, payload: { notAField: true } });
        expect(junk.statusCode, `${r.method} ${r.url} with a junk body`).toBe(401);
      }
    }
  });

  it('answers 403 to suppliers on admin-only and admin-menu routes', async () => {
    const headers = await t.headers('supplier1');
    const adminRoutes = api.filter(
      (r) => r.access === 'admin' || (menuOf(r).length && menuOf(r).every((p) => p.startsWith('/admin/'))),
    );
    // Staff tables served by restResource (owner none) are among them, every verb.
    expect(adminRoutes.filter((r) => r.url.startsWith('/api/v2/install-rates')).map((r) => r.method)).toEqual(
      expect.arrayContaining(['GET', 'PATCH']),
    );
    expect(adminRoutes.filter((r) => r.url.startsWith('/api/v2/roles')).map((r) => r.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']),
    );
    for (const r of adminRoutes) {
      const res = await t.app.inject({ ...sample(r, ids.own), headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('answers 403 to the editor on routes it is not granted', async () => {
    const headers = await t.headers('editor');
    const granted = [
      '/admin/blog',
      '/admin/blog/posts',
      '/admin/blog/new',
      '/admin/housebrand',
      '/admin/apps',
      '/admin/apps/kanban',
      '/admin/apps/mail',
      '/admin/apps/chat',
      '/admin/apps/calendar',
      '/admin/banners',
      '/admin/banners/bannermanagement',
    ];
    const denied = api.filter(
      (r) => r.access === 'admin' || (menuOf(r).length && !menuOf(r).some((p) => granted.includes(p))),
    );
    expect(denied.some((r) => r.url === '/api/report/getReloadDashboard')).toBe(true);
    // The staff roles are the user managers' (the users screen's grant), every verb.
    expect(denied.filter((r) => r.url.startsWith('/api/v2/roles')).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v2/roles',
        'POST /api/v2/roles',
        'GET /api/v2/roles/:id',
        'PATCH /api/v2/roles/:id',
        'DELETE /api/v2/roles/:id',
      ]),
    );
    for (const r of denied) {
      const res = await t.app.inject({ ...sample(r, ids.own), headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("answers 404 with no rows to a supplier using another shop's ids", async () => {
    const headers = await t.headers('supplier1');
    const scoped = api.filter((r) => menuOf(r).some((p) => p.startsWith('/supplier/')));
    expect(scoped.length).toBeGreaterThanOrEqual(10);
    // Exactly the order verbs the table of screens gives suppliers (read and fulfil; money and syncs are staff-only).
    const orderRoutes = scoped
      .filter((r) => r.url.startsWith('/api/order/'))
      .map((r) => r.url)
      .sort();
    const supplierOrderVerbs = SCREENS.filter((x) => x.built && x.area === 'supplier')
      .flatMap((x) => x.endpoints)
      .filter((e) => e.startsWith('/api/order/'));
    expect(orderRoutes).toEqual([...new Set(supplierOrderVerbs)].sort());
    expect(orderRoutes).not.toContain('/api/order/approveslip');
    const before = await orderFingerprint(t.app, ids.foreign.shop);
    for (const r of scoped) {
      const req = sample(r, ids.foreign);
      // The type-count menu takes no ids; it must simply not count other shops (checked in blogs tests).
      if (
        r.url === '/api/blogs/master/menu' ||
        PRODUCT_IDLESS.includes(r.url) ||
        CALENDAR_IDLESS.includes(`${r.method} ${r.url}`)
      )
        continue;
      const res = await t.app.inject({
        ...req,
        headers: { ...(req as { headers?: Record<string, string> }).headers, ...headers },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      const body = res.json();
      expect(Object.keys(body).sort(), `${r.method} ${r.url}`).toEqual(['message', 'status']);
      expect(body.message).toMatch(/not found$/);
    }
    // Nothing was changed in the other shop.
    const [p] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, ids.foreign.post));
    expect(p).toMatchObject({ version: 1, deletedAt: null });
    expect(await orderFingerprint(t.app, ids.foreign.shop)).toEqual(before);
  });

  it('lets the owner reach the same routes with own ids', async () => {
    const headers = await t.headers('supplier1');
    for (const url of [
      '/api/blogs/master/post',
      '/api/blogs/master/posts',
      '/api/blogs/master/product',
      '/api/report/getReloadDashboard',
      ...ORDER_READS,
    ]) {
      const r = api.find((x) => x.url === url)!;
      const res = await t.app.inject({ ...sample(r, ids.own), headers });
      expect(res.statusCode, url).toBe(200);
    }
    // Own ids reach the writing order routes too: never the 404 a foreign id gets (200, or 409/400 from the state machine).
    for (const r of api.filter(
      (x) => x.url.startsWith('/api/order/') && x.method === 'POST' && !ORDER_READS.includes(x.url),
    )) {
      const req = sample(r, ids.own);
      const res = await t.app.inject({
        ...req,
        headers: { ...(req as { headers?: Record<string, string> }).headers, ...headers },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(404);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe.each(dbKinds())('REST resources scoped to their owner: saved views (%s)', (kind) => {
  let t: TestApp;
  let supplierView: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/saved-views',
      headers: await t.headers('supplier1'),
      payload: { listKey: 'supplier-product', name: 'Mine', state: {} },
    });
    expect(res.statusCode, res.body).toBe(201);
    supplierView = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = (id: number) => [
    { method: 'GET' as const, url: '/api/v2/saved-views' },
    { method: 'POST' as const, url: '/api/v2/saved-views', payload: { listKey: 'orders', name: 'Probe', state: {} } },
    { method: 'GET' as const, url: `/api/v2/saved-views/${id}` },
    { method: 'PATCH' as const, url: `/api/v2/saved-views/${id}`, payload: { name: 'Probe 2' } },
    { method: 'DELETE' as const, url: `/api/v2/saved-views/${id}` },
  ];

  it('answers 401 without a token', async () => {
    for (const r of routes(supplierView)) {
      const res = await t.app.inject(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('lets a supplier and staff (admin, editor) use their own views', async () => {
    for (const user of ['supplier1', 'editor', 'admin']) {
      const headers = await t.headers(user);
      const made = await t.app.inject({ ...routes(0)[1], headers });
      expect(made.statusCode, `${user}: ${made.body}`).toBe(201);
      for (const r of routes(made.json().id)) {
        if (r.method === 'POST') continue;
        const res = await t.app.inject({ ...r, headers });
        expect(res.statusCode, `${user} ${r.method} ${r.url}`).toBe(200);
      }
    }
  });

  it("answers 404 with no data to anyone else using a user's view id, staff included", async () => {
    for (const user of ['supplier2', 'editor', 'admin']) {
      const headers = await t.headers(user);
      for (const r of routes(supplierView).filter((x) => x.url.endsWith(`/${supplierView}`))) {
        const res = await t.app.inject({ ...r, headers });
        expect(res.statusCode, `${user} ${r.method} ${r.url}`).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Saved view not found' });
      }
      const list = await t.app.inject({ method: 'GET', url: '/api/v2/saved-views?listKey=supplier-product', headers });
      expect(list.json().map((v: { id: number }) => v.id)).not.toContain(supplierView);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v2/saved-views/${supplierView}`,
      headers: await t.headers('supplier1'),
    });
    expect(own.json()).toMatchObject({ id: supplierView, name: 'Mine' });
  });
});
