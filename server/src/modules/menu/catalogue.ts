/**
 * The menu catalogue: one entry per built screen. Upserted into menu_items at start.
 * `grants` are the built-in roles given the item when it is first inserted; later changes
 * by admins are kept because grants are never re-applied to existing items.
 */
export interface MenuEntry {
  path: string;
  parent?: string;
  group: string;
  title: string;
  icon?: string;
  area: 'admin' | 'supplier';
  sort: number;
  roles?: string[];
  grants: string[];
}

export const ROLE_CATALOGUE = [
  { code: 'admin', name: 'Administrator', area: 'admin' },
  { code: 'editor', name: 'Content editor', area: 'admin' },
  { code: 'supplier', name: 'Supplier', area: 'supplier' },
] as const;

export const MENU_CATALOGUE: MenuEntry[] = [
  { path: '/admin/dashboard', group: 'nav.overview', title: 'nav.dashboard', icon: 'dashboard', area: 'admin', sort: 100, grants: ['admin'] },
  { path: '/admin/blog', group: 'nav.content', title: 'nav.blog', icon: 'blog', area: 'admin', sort: 200, grants: ['admin', 'editor'] },
  { path: '/admin/blog/posts', parent: '/admin/blog', group: 'nav.content', title: 'nav.posts', area: 'admin', sort: 210, grants: ['admin', 'editor'] },
  { path: '/admin/blog/new', parent: '/admin/blog', group: 'nav.content', title: 'nav.newPost', area: 'admin', sort: 220, grants: ['admin', 'editor'] },
  { path: '/admin/orders', group: 'nav.sales', title: 'nav.orders', icon: 'order', area: 'admin', sort: 300, grants: ['admin'] },
  { path: '/admin/orders/list', parent: '/admin/orders', group: 'nav.sales', title: 'nav.orderList', area: 'admin', sort: 310, grants: ['admin'] },
  { path: '/admin/orders/listbranch', parent: '/admin/orders', group: 'nav.sales', title: 'nav.branchOrders', area: 'admin', sort: 320, grants: ['admin'] },
  { path: '/admin/orders/listslip', parent: '/admin/orders', group: 'nav.sales', title: 'nav.paymentSlips', area: 'admin', sort: 330, grants: ['admin'] },
  { path: '/admin/orders/productclaim', parent: '/admin/orders', group: 'nav.sales', title: 'nav.claims', area: 'admin', sort: 340, grants: ['admin'] },
  { path: '/admin/product', group: 'nav.catalogue', title: 'nav.products', icon: 'product', area: 'admin', sort: 250, grants: ['admin'] },
  { path: '/admin/product/listproduct', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.productList', area: 'admin', sort: 251, grants: ['admin'] },
  { path: '/admin/product/listproductapprove', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.productApprove', area: 'admin', sort: 252, grants: ['admin'] },
  { path: '/admin/product/visible', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.productVisible', area: 'admin', sort: 253, grants: ['admin'] },
  { path: '/admin/product/masterattribute', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.productAttributes', area: 'admin', sort: 254, grants: ['admin'] },
  { path: '/admin/product/reportnewproduct', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.newProductReport', area: 'admin', sort: 255, grants: ['admin'] },
  { path: '/admin/product/installrate', parent: '/admin/product', group: 'nav.catalogue', title: 'nav.installRates', area: 'admin', sort: 256, grants: ['admin'] },
  { path: '/admin/routes', group: 'nav.management', title: 'nav.routes', icon: 'routes', area: 'admin', sort: 900, roles: ['admin'], grants: ['admin'] },
  { path: '/supplier/dashboard', group: 'nav.overview', title: 'nav.dashboard', icon: 'dashboard', area: 'supplier', sort: 100, grants: ['supplier'] },
  { path: '/supplier/blog', group: 'nav.content', title: 'nav.blog', icon: 'blog', area: 'supplier', sort: 200, grants: ['supplier'] },
  { path: '/supplier/blog/posts', parent: '/supplier/blog', group: 'nav.content', title: 'nav.posts', area: 'supplier', sort: 210, grants: ['supplier'] },
  { path: '/supplier/blog/new', parent: '/supplier/blog', group: 'nav.content', title: 'nav.newPost', area: 'supplier', sort: 220, grants: ['supplier'] },
  { path: '/supplier/product', group: 'nav.catalogue', title: 'nav.products', icon: 'product', area: 'supplier', sort: 250, grants: ['supplier'] },
  { path: '/supplier/product/list', parent: '/supplier/product', group: 'nav.catalogue', title: 'nav.productList', area: 'supplier', sort: 251, grants: ['supplier'] },
  { path: '/supplier/product/newproduct', parent: '/supplier/product', group: 'nav.catalogue', title: 'nav.newProducts', area: 'supplier', sort: 252, grants: ['supplier'] },
];
