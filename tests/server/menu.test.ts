import { createTestApp, dbKinds, type TestApp } from '../support/app.js';

type Group = { subheader: string; items: { path: string; roles?: string[]; children?: { path: string }[] }[] };
const paths = (nav: Group[]) => nav.flatMap((g) => g.items.flatMap((i) => [i.path, ...(i.children ?? []).map((c) => c.path)]));

describe.each(dbKinds())('navConfig (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ db: kind }); });
  afterAll(async () => { await t?.close(); });
  const me = async (user: string) => (await t.app.inject({ url: '/api/account/me', headers: await t.headers(user) })).json();

  it('gives admin the admin screens and the admin-only item', async () => {
    const { navConfig, roles } = await me('admin');
    expect(roles).toEqual(['admin']);
    expect(navConfig).toEqual([
      { subheader: 'nav.overview', items: [{ title: 'nav.dashboard', path: '/admin/dashboard', icon: 'dashboard' }] },
      { subheader: 'nav.content', items: [{ title: 'nav.blog', path: '/admin/blog', icon: 'blog', children: [
        { title: 'nav.posts', path: '/admin/blog/posts' }, { title: 'nav.newPost', path: '/admin/blog/new' }] }] },
      { subheader: 'nav.catalogue', items: [{ title: 'nav.products', path: '/admin/product', icon: 'product', children: [
        { title: 'nav.productList', path: '/admin/product/listproduct' },
        { title: 'nav.productApprove', path: '/admin/product/listproductapprove' },
        { title: 'nav.productVisible', path: '/admin/product/visible' },
        { title: 'nav.productAttributes', path: '/admin/product/masterattribute' },
        { title: 'nav.newProductReport', path: '/admin/product/reportnewproduct' },
        { title: 'nav.installRates', path: '/admin/product/installrate' }] }] },
      { subheader: 'nav.sales', items: [{ title: 'nav.orders', path: '/admin/orders', icon: 'order', children: [
        { title: 'nav.orderList', path: '/admin/orders/list' },
        { title: 'nav.branchOrders', path: '/admin/orders/listbranch' },
        { title: 'nav.paymentSlips', path: '/admin/orders/listslip' },
        { title: 'nav.claims', path: '/admin/orders/productclaim' }] }] },
      { subheader: 'nav.management', items: [{ title: 'nav.routes', path: '/admin/routes', icon: 'routes', roles: ['admin'] }] },
    ]);
  });

  it('gives the editor the blog only', async () => {
    const { navConfig } = await me('editor');
    expect(paths(navConfig)).toEqual(['/admin/blog', '/admin/blog/posts', '/admin/blog/new']);
  });

  it('gives suppliers supplier paths only', async () => {
    for (const u of ['supplier1', 'supplier2']) {
      const p = paths((await me(u)).navConfig);
      expect(p).toEqual(['/supplier/dashboard', '/supplier/blog', '/supplier/blog/posts', '/supplier/blog/new',
        '/supplier/product', '/supplier/product/list', '/supplier/product/newproduct']);
    }
  });
});
