/**
 * The one table of screens, read by both sides: the server's menu catalogue and route access rules
 * (server/src/auth/access.ts, server/src/modules/menu/catalogue.ts), the client's resources and route
 * table (src/resources/) all derive from it. A fact about a screen is written here once.
 *
 * Who may call an endpoint: admin always; any other caller holding the menu path of a *built*
 * screen that lists the endpoint. Suppliers hold only supplier menu paths, so an endpoint listed by
 * no built supplier screen is staff-only. Endpoints outside every screen are `PUBLIC_ENDPOINTS` or
 * `SIGNED_IN_ENDPOINTS`; any other /api route makes the server refuse to start.
 *
 * Plain data with no imports: the server (NodeNext) and the client (Vite) both compile it.
 */

export type Area = "admin" | "supplier";
/** Built-in roles; staff roles beyond these get menus on the user-settings screen. */
export type RoleCode = "admin" | "editor" | "supplier";
export type ScreenAction = "list" | "create" | "edit" | "show";

export const ROLES: readonly { code: RoleCode; name: string; area: Area }[] = [
  { code: "admin", name: "Administrator", area: "admin" },
  { code: "editor", name: "Content editor", area: "admin" },
  { code: "supplier", name: "Supplier", area: "supplier" },
];

/** A menu section: a top-level navConfig item; its screens' menu leaves hang under it. */
export interface Section {
  path: string;
  /** navConfig group (subheader) key. */
  group: string;
  title: string;
  icon?: string;
  sort: number;
  /** Built-in roles granted the section (and its leaves) when first inserted; admins may change grants later. */
  grants: RoleCode[];
  /** Shown only to these roles even when granted (the spec's one admin-only item). */
  roles?: RoleCode[];
}

/** A menu leaf a screen adds under its section. */
export interface Leaf {
  path: string;
  title: string;
  sort: number;
  /** Built-in roles granted this leaf when first inserted, when not its section's (e.g. checkout: orders, not content). */
  grants?: RoleCode[];
  /**
   * The leaf goes with this menu path: granted, when first inserted, to every role then holding it, and
   * afterwards with it and only with it (the role editor adds and drops it). A screen split off another and
   * granted by the other's path (the roles off the users) shows in the menu of the roles that have it.
   */
  heldWith?: string;
}

export interface Screen {
  /** Refine resource identifier; unique. */
  id: string;
  /** Refine resource name; admin and supplier twins share it. */
  name: string;
  /** The domain: its folder in src/features/, its locale namespace, its server module. */
  feature: string;
  area: Area;
  section: Section;
  /** The menu path that grants this screen: its section, or one of its own leaves. Default: the section. */
  grant?: string;
  /** i18n key of the screen's title. */
  label: string;
  icon?: string;
  built: boolean;
  routes: Partial<Record<ScreenAction, string>>;
  /** A section path below the menu path that opens this screen's list (e.g. `/admin/housebrand/blog`). */
  root?: string;
  /** Menu leaves this screen adds under its section (only while built). */
  leaves?: Leaf[];
  /** Legacy endpoints (paths) the screen may call. */
  endpoints: readonly string[];
  /**
   * Every signed-in user of the area opens it (the own account): it has no menu entry and needs no
   * grant, and its endpoints are callable by any signed-in user (`signedInEndpoints()`).
   */
  everyone?: boolean;
  /**
   * A generated screen: no page component. Its list, record page and form come from the `/api/v2`
   * resource `resource` (served by the server's `restResource`, described in src/api/resources.ts); its
   * words from the feature's locale namespace under `words` (default: the feature), e.g. `product.installRate`:
   * `<words>.fields.<field>`, `<words>.values.<field>.<value>`, `<words>.empty`. The routes the row names
   * (list, show, create, edit) are the pages it offers; the endpoints must include `/api/v2/<resource>`.
   */
  generated?: { resource: string; words?: string };
}

const section = (s: Section): Section => s;
const screen = (s: Screen): Screen => s;
/** `name` → `base/name`: a folder of legacy endpoints written once. */
const under = (base: string) => (name: string) => `${base}/${name}`;

// ---------- endpoints outside any screen ----------

export const PUBLIC_ENDPOINTS: readonly string[] = [
  "/health",
  "/api/account/login",
  "/api/account/register",
  // An invited or reset user sets their password through a one-time link (docs/api/users.md).
  "/api/v2/password-set",
  // The default language, read by the client before anyone signs in (docs/api/settings.md).
  "/api/v2/client-settings",
];

/**
 * Any signed-in user: the own account, master-data look-ups shared by many screens, and REST
 * resources scoped to their owner (`/api/v2/<resource>` stands for all of its routes).
 */
export const SIGNED_IN_ENDPOINTS: readonly string[] = [
  "/api/account/me",
  "/api/v2/saved-views",
  // Each user's own notifications (the bell in the header), and their real-time stream.
  "/api/notify/getmessagenotify",
  "/api/notify/readmessage",
  "/api/notify/events",
  ...[
    "masterorderstatus",
    "masterorderchanel",
    "masterordershipment",
    "mastertransporttype",
    "mastercollecttype",
    "mastertransportratetime",
    "masterbank",
    "masterclaim",
    "masterprovince",
    "masterdistrict",
    "masterbranch",
  ].map((m) => `/api/masterdata/${m}`),
];

// ---------- menu sections ----------

const A = {
  dashboard: section({
    path: "/admin/dashboard",
    group: "nav.overview",
    title: "nav.dashboard",
    icon: "dashboard",
    sort: 100,
    grants: ["admin"],
  }),
  two: section({
    path: "/admin/two",
    group: "nav.overview",
    title: "nav.analytics",
    icon: "dashboard",
    sort: 110,
    grants: ["admin"],
  }),
  three: section({
    path: "/admin/three",
    group: "nav.overview",
    title: "nav.ecommerce",
    icon: "dashboard",
    sort: 120,
    grants: ["admin"],
  }),
  blog: section({
    path: "/admin/blog",
    group: "nav.content",
    title: "nav.blog",
    icon: "blog",
    sort: 200,
    grants: ["admin", "editor"],
  }),
  product: section({
    path: "/admin/product",
    group: "nav.catalogue",
    title: "nav.products",
    icon: "product",
    sort: 250,
    grants: ["admin"],
  }),
  orders: section({
    path: "/admin/orders",
    group: "nav.sales",
    title: "nav.orders",
    icon: "order",
    sort: 300,
    grants: ["admin"],
  }),
  brandshop: section({
    path: "/admin/brandshop",
    group: "nav.storefront",
    title: "nav.brandshop",
    icon: "shop",
    sort: 400,
    grants: ["admin"],
  }),
  housebrand: section({
    path: "/admin/housebrand",
    group: "nav.storefront",
    title: "nav.housebrand",
    icon: "shop",
    sort: 410,
    grants: ["admin", "editor"],
  }),
  campaign: section({
    path: "/admin/campaign",
    group: "nav.marketing",
    title: "nav.campaign",
    icon: "campaign",
    sort: 500,
    grants: ["admin"],
  }),
  homecategory: section({
    path: "/admin/homecategory",
    group: "nav.marketing",
    title: "nav.homecategory",
    icon: "category",
    sort: 510,
    grants: ["admin"],
  }),
  banners: section({
    path: "/admin/banners",
    group: "nav.marketing",
    title: "nav.banners",
    icon: "banner",
    sort: 520,
    grants: ["admin", "editor"],
  }),
  promotion: section({
    path: "/admin/promotion",
    group: "nav.marketing",
    title: "nav.promotion",
    icon: "promotion",
    sort: 530,
    grants: ["admin"],
  }),
  reports: section({
    path: "/admin/reports",
    group: "nav.insight",
    title: "nav.reports",
    icon: "report",
    sort: 600,
    grants: ["admin"],
  }),
  apps: section({
    path: "/admin/apps",
    group: "nav.app",
    title: "nav.apps",
    icon: "apps",
    sort: 700,
    grants: ["admin", "editor"],
  }),
  setting: section({
    path: "/admin/setting",
    group: "nav.management",
    title: "nav.setting",
    icon: "setting",
    sort: 800,
    grants: ["admin"],
  }),
  // Admin only: `roles` keeps it out of every other role's grants (the role editor refuses it).
  audit: section({
    path: "/admin/audit",
    group: "nav.management",
    title: "nav.audit",
    icon: "audit",
    sort: 850,
    grants: ["admin"],
    roles: ["admin"],
  }),
  // The own account: an `everyone` screen, never in the menu (reached from the header's user menu).
  account: section({ path: "/admin/account", group: "nav.management", title: "nav.account", sort: 0, grants: [] }),
  routes: section({
    path: "/admin/routes",
    group: "nav.management",
    title: "nav.routes",
    icon: "routes",
    sort: 900,
    grants: ["admin"],
    roles: ["admin"],
  }),
};

const S = {
  dashboard: section({
    path: "/supplier/dashboard",
    group: "nav.overview",
    title: "nav.dashboard",
    icon: "dashboard",
    sort: 100,
    grants: ["supplier"],
  }),
  blog: section({
    path: "/supplier/blog",
    group: "nav.content",
    title: "nav.blog",
    icon: "blog",
    sort: 200,
    grants: ["supplier"],
  }),
  product: section({
    path: "/supplier/product",
    group: "nav.catalogue",
    title: "nav.products",
    icon: "product",
    sort: 250,
    grants: ["supplier"],
  }),
  brandshop: section({
    path: "/supplier/brandshop",
    group: "nav.storefront",
    title: "nav.brandshop",
    icon: "shop",
    sort: 400,
    grants: ["supplier"],
  }),
  apps: section({
    path: "/supplier/apps",
    group: "nav.app",
    title: "nav.apps",
    icon: "apps",
    sort: 700,
    grants: ["supplier"],
  }),
  account: section({ path: "/supplier/account", group: "nav.management", title: "nav.account", sort: 0, grants: [] }),
};

// ---------- endpoint groups ----------

const P = "/api/product";
const M = "/api/masterdata";
const O = "/api/order";
const BL = "/api/blogs/master";
const RELOAD = "/api/report/getReloadDashboard";

const BLOG = [
  "posts",
  "post",
  "new",
  "edit",
  "closecontent",
  "deletecontent",
  "menu",
  "product",
  "sortproductidea",
  "deleteproductidea",
].map(under(BL));

/** What a product page needs in both areas. */
const PRODUCT_PAGE = [
  "productlist",
  "exportcsv",
  "masterproduct",
  "getproduct",
  "masterproductedit",
  "editproduct",
  "jobs",
  "auditlog",
  "imageproduct",
  "uploadimageproduct",
  "sortimageproduct",
  "deleteimageproduct",
  "getlinkyoutubeproduct",
  "setlinkyoutubeproduct",
  "gettagsearchproduct",
  "changetagsearch",
  "generatekeyhighlight",
  "uploadvideo",
  "listvideo",
  "deletevideo",
  "getaudiolist",
  "saveaudio",
  "deleteaudio",
  "getfeatureattribute",
  "getdatatableattribute",
  "updatestatusattribute",
  "getconfigshipping",
  "getEditImgaePgage",
  "insertLogEditimage",
  "insertStatusEditImage",
  "senttis",
  "getTis",
  "getImageTis",
  "deleteTis",
  "masterrooms",
  "mastersize",
  "ditailproducttile",
  "listproductvirtualroom",
  "createproductroom",
  "deleteproductroom",
  "pricehistory",
  "pathimageproduct",
  "changeprice",
].map(under(P));
/** Catalogue master data behind the product filters and forms. */
const PRODUCT_MASTERS = [
  "mastertisproduct",
  "masterfeedback",
  "mastershippingtype",
  "masterproductlevel1",
  "masterproductlevel2",
  "mastercolor",
  "masterproductstatus",
  "masterproductunit",
  "masterbrand",
  "masterwarranty",
  "masterunitdimension",
  "masterweightunit",
  "mastervolumeunit",
].map(under(M));
/**
 * Jobs for outside systems with their delivery state, and retrying a failed or dead one (docs/api/outbox.md):
 * staff, on the jobs of the syncs they may queue themselves (the service scopes each job by its queuing endpoint).
 */
const OUTBOX = "/api/v2/outbox-jobs";
/** Staff only: approval, going online, syncs with outside systems, the ERP. */
const PRODUCT_STAFF = [
  "approveproduct",
  "unapproveproduct",
  "productonline",
  "updateOpenOnline",
  "updateCloseOnline",
  "syncproduct",
  "syncchangeproduct",
  "gpproductsync",
  "searchgp",
  "creategp",
  "getgppos",
]
  .map(under(P))
  .concat([OUTBOX]);
const NEW_PRODUCT = [
  "newproductlist",
  "exportnewproductcsv",
  "searchproductcode",
  "createnewproduct",
  "getnewproduct",
  "editnewproduct",
  "imgnewproduct",
  "uploadimageproduct",
  "sortimgnewproduct",
  "deleteimgnewproduct",
  "submitproduct",
  "synctopurchase",
  "jobs",
  "auditlog",
  "masterproductedit",
].map(under(P));
const ATTRIBUTES = [
  "masterattribute",
  "createattribute",
  "editattribute",
  "deleteattribute",
  "deleteattributeitem",
  "attributestatus",
  "attributeicon",
].map(under(M));

/**
 * Orders, decided per verb. Suppliers, on their own shops' orders: read, fulfil (ready items,
 * preparing/ready-to-ship steps, shipping and tracking, contact notes, PO and transfer requests,
 * claims), cancel before shipping with a reason. Money (slips, redeem) and syncs are staff-only.
 */
const ORDER_READ = [
  "orderlist",
  "sumordersstatus",
  "orderlistbranch",
  "exportorders",
  "orderview",
  "orderviewitem",
  "contactcuslist",
  "reportbilljoborder",
  "poorders",
  "trackingpo",
  "documentpo",
  "documentpoorderitem",
  "documenttransfer",
  "claimlist",
  "claimdetail",
].map(under(O));
const ORDER_FULFIL = [
  "changestatusreadyitem",
  "changestatusorder",
  "shippingorder",
  "contactcustomer",
  "deletecontactcustomer",
  "requestpoorder",
  "transferproduct",
  "ropcanceltransfer",
  "fileclaim",
  "cancelorder",
].map(under(O));
const ORDER_STAFF = [
  "syncorders",
  "confirmreceived",
  "restoreredeem",
  "genaratepo",
  "cancelpo",
  "restorepo",
  "canceltransferdoc",
  "cleartransfer",
  "setclaimorder",
]
  .map(under(O))
  .concat([OUTBOX]);
const SLIPS = ["slippayment", "approveslipview", "approveslip", "uploadslippayment", "changeslip"].map(under(O));

const K = "/api/supplier/kanban";
const H = "/api/housebrand";
const HB = "/api/blogs/housebrand";
const PR = "/api/promotion";
const R = "/api/report";
const B = "/api/banners/uploadbanner";
const U = "/api/user";
/** The own account: read it, change name and phone, change the password with the current one. */
const ACCOUNT = [`${U}/useraccount`, "/api/v2/my-account"];

/** A storefront board (supplier shops under K, house brands under H): the same verbs, the same shapes. */
const KANBAN = [
  "master",
  "board",
  "columns/update",
  "columns/delete",
  "card/orderby",
  "card/update",
  "detail-card",
  "searchproduct-card",
  "card/detail-update",
  "card/detail-orderby",
];
/**
 * Storefront additions (REST, docs/api/storefronts.md): a shop's profile, storefront preview, publish and
 * rollback (`/api/v2/shops/{id}...`), its banners by category, uploaded storefront images. Which shops a
 * caller reaches is decided in the data layer (suppliers: their own; staff: the kinds whose menu they hold).
 */
const STOREFRONT = ["/api/v2/shops", "/api/v2/storefront-images"];
const SHOP_BANNERS = ["/api/v2/shop-banner-categories", "/api/v2/shop-banners", "/api/brandshop/deletebrannercate"];
/** Staff only: approving or rejecting a shop from sign-up. */
const SHOP_REVIEW = "/api/v2/shop-reviews";
/** The template task board: each user's own board. */
const TASKBOARD = [
  "/api/kanban/columns/update",
  "/api/kanban/columns/delete",
  "/api/v2/task-columns",
  "/api/v2/task-cards",
  "/api/v2/task-assignees",
];
/** The mail app: each user's own mail, labels, and the people they may write to. */
const MAIL = ["/api/v2/mails", "/api/v2/mail-labels", "/api/v2/mail-contacts"];
/** The chat app: the caller's contacts, their conversations and messages, the live stream (docs/api/chat.md). */
const CHAT = ["/api/v2/chat-contacts", "/api/v2/chat-conversations", "/api/v2/chat-events"];
/** The calendar app: each user's own events (docs/api/calendar.md). */
const CALENDAR_ENTRIES = "/api/v2/calendar-entries";
/** Checkout: staff place an order for a customer; the coupon code is checked as the order list does (docs/api/checkout.md). */
const CHECKOUT = [
  "/api/v2/checkout-products",
  "/api/v2/checkout-filters",
  "/api/v2/checkout-quotes",
  "/api/v2/checkout-orders",
  "/api/v2/coupon-checks",
];

// ---------- the screens ----------

/** A report screen (`src/features/reports/`): its list route is its menu leaf under Reports, granted on its own. */
const report = (id: string, path: string, title: string, sort: number, endpoints: string[]) =>
  screen({
    id,
    name: id,
    feature: "reports",
    area: "admin",
    section: A.reports,
    grant: `/admin/reports/${path}`,
    root: A.reports.path,
    label: `resources.${id}`,
    built: true,
    routes: { list: `/admin/reports/${path}` },
    leaves: [{ path: `/admin/reports/${path}`, title, sort }],
    endpoints,
  });
/** A promotion screen (its own domain, `feature`): its list route is also its menu leaf under Promotions. */
const promo = (
  id: string,
  feature: string,
  path: string,
  title: string,
  sort: number,
  endpoints: string[],
  built = true,
) =>
  screen({
    id,
    name: id,
    feature,
    area: "admin",
    section: A.promotion,
    grant: `/admin/promotion/${path}`,
    root: A.promotion.path,
    label: `resources.${id}`,
    built,
    routes: { list: `/admin/promotion/${path}` },
    leaves: [{ path: `/admin/promotion/${path}`, title, sort }],
    endpoints,
  });
/** Campaign, flash-sale, banner and coupon windows as read-only calendar events (the calendar app reads them too). */
const CALENDAR = "/api/v2/calendar-events";
/** The coupon code check checkout calls: staff placing back-office orders (the order list), and the coupon screen. */
const COUPON_CHECK = "/api/v2/coupon-checks";

export const SCREENS: readonly Screen[] = [
  // ----- dashboards -----
  screen({
    id: "admin-dashboard",
    feature: "dashboard",
    name: "dashboard",
    area: "admin",
    section: A.dashboard,
    label: "resources.admin-dashboard",
    icon: "dashboard",
    built: true,
    routes: { list: "/admin/dashboard" },
    endpoints: [RELOAD],
  }),
  // Suppliers have no order screen yet; they work their own orders through the order API, granted with the dashboard.
  screen({
    id: "supplier-dashboard",
    feature: "dashboard",
    name: "dashboard",
    area: "supplier",
    section: S.dashboard,
    label: "resources.supplier-dashboard",
    icon: "dashboard",
    built: true,
    routes: { list: "/supplier/dashboard" },
    endpoints: [RELOAD, ...ORDER_READ, ...ORDER_FULFIL],
  }),
  // Analytics and the e-commerce overview read the order rollups (docs/api/dashboard.md).
  screen({
    id: "admin-two",
    feature: "dashboard",
    name: "two",
    area: "admin",
    section: A.two,
    label: "resources.admin-two",
    icon: "dashboard",
    built: true,
    routes: { list: "/admin/two" },
    endpoints: ["/api/user/visitors", "/api/v2/analytics"],
  }),
  screen({
    id: "admin-three",
    feature: "dashboard",
    name: "three",
    area: "admin",
    section: A.three,
    label: "resources.admin-three",
    icon: "dashboard",
    built: true,
    routes: { list: "/admin/three" },
    endpoints: ["/api/v2/ecommerce-overview"],
  }),

  // ----- products -----
  screen({
    id: "product",
    feature: "product",
    name: "product",
    area: "admin",
    section: A.product,
    grant: "/admin/product/listproduct",
    root: "/admin/product",
    label: "resources.product",
    built: true,
    routes: { list: "/admin/product/listproduct", edit: "/admin/product/:id" },
    leaves: [{ path: "/admin/product/listproduct", title: "nav.productList", sort: 251 }],
    endpoints: [...PRODUCT_PAGE, ...PRODUCT_STAFF, ...PRODUCT_MASTERS],
  }),
  screen({
    id: "product-approve",
    feature: "product",
    name: "product-approve",
    area: "admin",
    section: A.product,
    grant: "/admin/product/listproductapprove",
    label: "resources.product-approve",
    built: true,
    routes: { list: "/admin/product/listproductapprove" },
    leaves: [{ path: "/admin/product/listproductapprove", title: "nav.productApprove", sort: 252 }],
    endpoints: [
      `${P}/productapprovelist`,
      `${P}/approveproduct`,
      `${P}/unapproveproduct`,
      `${P}/masterproduct`,
      `${M}/masterfeedback`,
    ],
  }),
  screen({
    id: "product-visible",
    feature: "product",
    name: "product-visible",
    area: "admin",
    section: A.product,
    grant: "/admin/product/visible",
    label: "resources.product-visible",
    built: true,
    routes: { list: "/admin/product/visible" },
    leaves: [{ path: "/admin/product/visible", title: "nav.productVisible", sort: 253 }],
    endpoints: [
      `${P}/getDatavisible`,
      `${P}/getmasterdatavisible`,
      `${P}/updatastatusvisible`,
      `${P}/getfilspacailfeature`,
    ],
  }),
  screen({
    id: "product-attribute",
    feature: "product",
    name: "product-attribute",
    area: "admin",
    section: A.product,
    grant: "/admin/product/masterattribute",
    label: "resources.product-attribute",
    built: true,
    routes: { list: "/admin/product/masterattribute" },
    leaves: [{ path: "/admin/product/masterattribute", title: "nav.productAttributes", sort: 254 }],
    endpoints: ATTRIBUTES,
  }),
  screen({
    id: "product-report-new",
    feature: "product",
    name: "product-report-new",
    area: "admin",
    section: A.product,
    grant: "/admin/product/reportnewproduct",
    label: "resources.product-report-new",
    built: true,
    routes: { list: "/admin/product/reportnewproduct" },
    leaves: [{ path: "/admin/product/reportnewproduct", title: "nav.newProductReport", sort: 255 }],
    endpoints: [
      `${P}/newproductlist`,
      `${P}/exportnewproductcsv`,
      `${P}/masterproduct`,
      "/api/report/reportnewproduct",
    ],
  }),
  screen({
    id: "product-installrate",
    feature: "product",
    name: "product-installrate",
    area: "admin",
    section: A.product,
    grant: "/admin/product/installrate",
    label: "resources.product-installrate",
    built: true,
    routes: { list: "/admin/product/installrate", edit: "/admin/product/installrate/:id" },
    // Generated from the staff REST resource; the legacy verbs stay served for the old clients.
    generated: { resource: "install-rates", words: "product.installRate" },
    leaves: [{ path: "/admin/product/installrate", title: "nav.installRates", sort: 256 }],
    endpoints: [`${P}/productinstallrate`, `${P}/setstatusinstallrate`, `${P}/masterproduct`, "/api/v2/install-rates"],
  }),
  screen({
    id: "supplier-product",
    feature: "product",
    name: "product",
    area: "supplier",
    section: S.product,
    label: "resources.supplier-product",
    built: true,
    routes: { list: "/supplier/product/list", edit: "/supplier/product/:id" },
    leaves: [{ path: "/supplier/product/list", title: "nav.productList", sort: 251 }],
    endpoints: [...PRODUCT_PAGE, `${P}/submitproduct`, ...PRODUCT_MASTERS],
  }),
  screen({
    id: "supplier-newproduct",
    feature: "product",
    name: "newproduct",
    area: "supplier",
    section: S.product,
    label: "resources.supplier-newproduct",
    built: true,
    routes: {
      list: "/supplier/product/newproduct",
      create: "/supplier/product/newproduct/create",
      edit: "/supplier/product/newproduct/:id",
    },
    leaves: [{ path: "/supplier/product/newproduct", title: "nav.newProducts", sort: 252 }],
    endpoints: [...NEW_PRODUCT, ...PRODUCT_MASTERS],
  }),

  // ----- orders -----
  screen({
    id: "orders",
    feature: "orders",
    name: "orders",
    area: "admin",
    section: A.orders,
    label: "resources.orders",
    icon: "order",
    built: true,
    routes: { list: "/admin/orders/list", show: "/admin/orders/:id/view" },
    leaves: [{ path: "/admin/orders/list", title: "nav.orderList", sort: 310 }],
    endpoints: [...ORDER_READ, ...ORDER_FULFIL, ...ORDER_STAFF, `${P}/masterproduct`, COUPON_CHECK],
  }),
  screen({
    id: "orders-branch",
    feature: "orders",
    name: "orders-branch",
    area: "admin",
    section: A.orders,
    label: "resources.orders-branch",
    built: true,
    routes: { list: "/admin/orders/listbranch", show: "/admin/orders/:id/viewbranch" },
    leaves: [{ path: "/admin/orders/listbranch", title: "nav.branchOrders", sort: 320 }],
    endpoints: [...ORDER_READ, ...ORDER_FULFIL, ...ORDER_STAFF],
  }),
  screen({
    id: "orders-slip",
    feature: "orders",
    name: "orders-slip",
    area: "admin",
    section: A.orders,
    label: "resources.orders-slip",
    built: true,
    routes: { list: "/admin/orders/listslip" },
    leaves: [{ path: "/admin/orders/listslip", title: "nav.paymentSlips", sort: 330 }],
    endpoints: [...SLIPS, `${O}/orderview`, `${P}/masterproduct`],
  }),
  screen({
    id: "orders-return",
    feature: "orders",
    name: "orders-return",
    area: "admin",
    section: A.orders,
    label: "resources.orders-return",
    built: true,
    routes: { show: "/admin/orders/productclaim/product-return-detail/:id" },
    endpoints: [`${O}/claimdetail`, `${O}/setclaimorder`],
  }),
  screen({
    id: "orders-claim",
    feature: "orders",
    name: "orders-claim",
    area: "admin",
    section: A.orders,
    label: "resources.orders-claim",
    built: true,
    routes: {
      list: "/admin/orders/productclaim",
      show: "/admin/orders/productclaim/product-claim-detail/:id/view",
      create: "/admin/orders/productclaim/product-claim-new/:id",
    },
    leaves: [{ path: "/admin/orders/productclaim", title: "nav.claims", sort: 340 }],
    endpoints: [
      `${O}/claimlist`,
      `${O}/claimdetail`,
      `${O}/fileclaim`,
      `${O}/setclaimorder`,
      `${O}/orderview`,
      `${O}/orderviewitem`,
    ],
  }),

  // ----- blogs -----
  screen({
    id: "blog",
    feature: "blogs",
    name: "blog",
    area: "admin",
    section: A.blog,
    label: "blogs.titles.list",
    icon: "blog",
    built: true,
    routes: {
      list: "/admin/blog/posts",
      create: "/admin/blog/new",
      show: "/admin/blog/post/:id",
      edit: "/admin/blog/post/:id/edit",
    },
    leaves: [
      { path: "/admin/blog/posts", title: "nav.posts", sort: 210 },
      { path: "/admin/blog/new", title: "nav.newPost", sort: 220 },
    ],
    endpoints: BLOG,
  }),
  screen({
    id: "supplier-blog",
    feature: "blogs",
    name: "blog",
    area: "supplier",
    section: S.blog,
    label: "blogs.titles.list",
    icon: "blog",
    built: true,
    routes: {
      list: "/supplier/blog/posts",
      create: "/supplier/blog/new",
      show: "/supplier/blog/post/:id",
      edit: "/supplier/blog/post/:id/edit",
    },
    leaves: [
      { path: "/supplier/blog/posts", title: "nav.posts", sort: 210 },
      { path: "/supplier/blog/new", title: "nav.newPost", sort: 220 },
    ],
    endpoints: BLOG,
  }),

  // ----- storefronts -----
  screen({
    id: "brandshop",
    feature: "brandshop",
    name: "brandshop",
    area: "admin",
    section: A.brandshop,
    label: "resources.brandshop",
    icon: "shop",
    built: true,
    routes: { list: "/admin/brandshop", edit: "/admin/brandshop/:id" },
    endpoints: [
      `${K}/shopprofile`,
      `${K}/shopMaster`,
      `${K}/shopProfile`,
      ...KANBAN.map(under(K)),
      ...STOREFRONT,
      ...SHOP_BANNERS,
      SHOP_REVIEW,
      `${M}/masterbrand`,
      `${M}/masterproductlevel1`,
    ],
  }),
  screen({
    id: "supplier-brandshop",
    feature: "brandshop",
    name: "brandshop",
    area: "supplier",
    section: S.brandshop,
    label: "resources.supplier-brandshop",
    icon: "shop",
    built: true,
    routes: { list: "/supplier/brandshop", edit: "/supplier/brandshop/:id" },
    endpoints: [
      `${K}/shopprofile`,
      `${K}/shopMaster`,
      `${K}/shopProfile`,
      ...KANBAN.map(under(K)),
      ...STOREFRONT,
      ...SHOP_BANNERS,
      `${M}/masterbrand`,
      `${M}/masterproductlevel1`,
    ],
  }),
  screen({
    id: "housebrand",
    feature: "housebrand",
    name: "housebrand",
    area: "admin",
    section: A.housebrand,
    label: "resources.housebrand",
    icon: "shop",
    built: true,
    routes: { list: "/admin/housebrand", edit: "/admin/housebrand/:id" },
    endpoints: [
      `${H}/brandprofile`,
      `${H}/masterbrand`,
      `${H}/shopmaster`,
      ...KANBAN.map(under(H)),
      ...STOREFRONT,
      `${M}/masterproductlevel1`,
    ],
  }),
  screen({
    id: "housebrand-blog",
    feature: "blogs",
    name: "housebrand-blog",
    area: "admin",
    section: A.housebrand,
    label: "resources.housebrand-blog",
    icon: "blog",
    built: true,
    routes: {
      list: "/admin/housebrand/blog/posts",
      create: "/admin/housebrand/blog/new",
      show: "/admin/housebrand/blog/:id",
      edit: "/admin/housebrand/blog/:id/edit",
    },
    root: "/admin/housebrand/blog",
    // `post` (one post's read) is an addition; the form picks the shop among the house brands (shopmaster).
    endpoints: [
      "posts",
      "post",
      "newpost",
      "postedit",
      "closecontent",
      "deletecontent",
      "product",
      "menu",
      "sortproductidea",
      "deleteproductidea",
    ]
      .map(under(HB))
      .concat([`${H}/shopmaster`]),
  }),

  // ----- marketing -----
  screen({
    id: "campaign",
    feature: "campaign",
    name: "campaign",
    area: "admin",
    section: A.campaign,
    label: "resources.campaign",
    icon: "campaign",
    built: true,
    routes: { list: "/admin/campaign", edit: "/admin/campaign/:id" },
    endpoints: ["createcampaign", "closecampaign", "setdatecampaign", "createhotspot", "widgethotspot"]
      .map(under(PR))
      .concat(["/api/v2/campaigns", `${P}/productlist`, CALENDAR]),
  }),
  screen({
    id: "homecategory",
    feature: "homecategory",
    name: "homecategory",
    area: "admin",
    section: A.homecategory,
    label: "resources.homecategory",
    icon: "category",
    built: true,
    routes: { list: "/admin/homecategory", create: "/admin/homecategory/create", edit: "/admin/homecategory/:id" },
    // Generated from the staff REST resource (ordered by place, with its move verb); targets are looked up by type.
    generated: { resource: "homecategories" },
    endpoints: [
      "/api/v2/homecategories",
      "/api/v2/homecategory-targets",
      "/api/v2/storefront-images",
      `${M}/masterproductlevel1`,
    ],
  }),
  screen({
    id: "banners",
    feature: "banners",
    name: "banners",
    area: "admin",
    section: A.banners,
    label: "resources.banners",
    icon: "banner",
    built: true,
    routes: { list: "/admin/banners/bannermanagement" },
    leaves: [{ path: "/admin/banners/bannermanagement", title: "nav.bannerManagement", sort: 521 }],
    endpoints: [
      "getlistbanners",
      "getmasterType",
      "getBannerTypeMenu",
      "sortbanner",
      "updatestatusbanner",
      "deletebanner",
      "updatetimebanner",
      "upload",
    ]
      .map(under(B))
      .concat([CALENDAR]),
  }),
  promo(
    "promotion-homesale",
    "homesale",
    "homesale",
    "nav.homeSale",
    531,
    [
      "listhomesale",
      "loadhomesale",
      "addpromotionhomesale",
      "editpromotionhomesale",
      "deletelinkgroup",
      "setstatuslink",
      "mastergrouplist",
    ]
      .map(under(PR))
      .concat([`${P}/productlist`, CALENDAR]),
  ),
  promo(
    "promotion-flashsale",
    "flashsale",
    "flashsale",
    "nav.flashSale",
    532,
    [
      "productflashsale",
      "listSelectProductFlashsale",
      "setproductflashsale",
      "closeproductflashsale",
      "reportproductflashsale",
    ]
      .map(under(PR))
      .concat([CALENDAR]),
  ),
  promo("promotion-notify", "notifications", "notify", "nav.notifications", 533, [
    `${PR}/masternotify`,
    `${PR}/notification`,
    "/api/notify/getmessagenotifylist",
    "/api/notify/createmessage",
    "/api/v2/notification-messages",
    "/api/v2/notification-audiences",
  ]),
  promo(
    "promotion-oldfornew",
    "oldfornew",
    "oldfornew",
    "nav.oldForNew",
    534,
    ["oldfornew", "mastergrouplist", "createoldfornew", "editoldfornew", "closeoldfornew"]
      .map(under(PR))
      .concat([`${P}/productlist`]),
  ),
  promo("promotion-coupon", "coupons", "couponline", "nav.couponLine", 535, [
    "/api/v2/coupon-batches",
    COUPON_CHECK,
    CALENDAR,
  ]),

  // ----- reports: each reads one /api/report endpoint (its page, totals, chart and CSV); masterproduct names the shops of the shop filter -----
  report("report-trackorder", "reporttrackorder", "nav.reportTrackOrder", 601, [
    `${R}/reporttrackorder`,
    `${P}/masterproduct`,
  ]),
  report("report-shippingorder", "reportshippingorder", "nav.reportShippingOrder", 602, [
    `${R}/reportshippingorder`,
    `${P}/masterproduct`,
  ]),
  report("report-airservice", "reportairservice", "nav.reportAirService", 603, [`${R}/orderair`, `${P}/masterproduct`]),
  report("report-coupon", "reportcupon", "nav.reportCoupon", 604, [`${R}/reportcupon`, `${P}/masterproduct`]),
  report("report-promotiononline", "reportpromotiononline", "nav.reportPromotionOnline", 605, [
    `${R}/reportpromotiononline`,
    `${P}/masterproduct`,
  ]),
  report("report-productpromotion", "reportproductpromotion", "nav.reportProductPromotion", 606, [
    `${R}/reportproductpromotion`,
    `${P}/masterproduct`,
  ]),
  report("report-review", "reportreview", "nav.reportReview", 607, [`${R}/reportreview`, `${P}/masterproduct`]),
  report("report-productstatus", "reportstatusproduct", "nav.reportProductStatus", 608, [
    `${R}/reporttstatusproduct`,
    `${P}/masterproduct`,
  ]),

  // ----- settings -----
  // Users, staff roles and their menus (docs/api/users.md); staff accounts and roles are REST additions.
  screen({
    id: "setting-user",
    feature: "users",
    name: "setting-user",
    area: "admin",
    section: A.setting,
    grant: "/admin/setting/user",
    label: "resources.setting-user",
    icon: "user",
    built: true,
    root: A.setting.path,
    routes: { list: "/admin/setting/user", create: "/admin/setting/user/create", edit: "/admin/setting/user/:id" },
    leaves: [{ path: "/admin/setting/user", title: "nav.settingUser", sort: 810 }],
    endpoints: [
      "getlistusermangement",
      "getuserroles",
      "getdetailrole",
      "updateroleuser",
      "updatestatususer",
      "getlistMenuNew",
      "getemployeedata",
      "usertypemaster",
    ]
      .map(under(U))
      .concat(["/api/v2/staff-users"]),
  }),
  // The staff roles and their menus: generated from the REST resource; the menu tree is the feature's input.
  screen({
    id: "setting-role",
    feature: "users",
    name: "setting-role",
    area: "admin",
    section: A.setting,
    // Who manages users manages roles: the same grant; the leaf goes with it (`heldWith`).
    grant: "/admin/setting/user",
    label: "resources.setting-role",
    built: true,
    routes: { list: "/admin/setting/role", create: "/admin/setting/role/create", edit: "/admin/setting/role/:id" },
    generated: { resource: "roles", words: "users.role" },
    // Split off the users screen: every role that managed users keeps managing roles.
    leaves: [{ path: "/admin/setting/role", title: "nav.settingRole", sort: 815, heldWith: "/admin/setting/user" }],
    endpoints: [`${U}/getlistMenuNew`, "/api/v2/roles"],
  }),
  screen({
    id: "account",
    feature: "users",
    name: "account",
    area: "admin",
    section: A.account,
    label: "resources.account",
    built: true,
    everyone: true,
    routes: { list: "/admin/account" },
    endpoints: ACCOUNT,
  }),
  screen({
    id: "supplier-account",
    feature: "users",
    name: "account",
    area: "supplier",
    section: S.account,
    label: "resources.account",
    built: true,
    everyone: true,
    routes: { list: "/supplier/account" },
    endpoints: ACCOUNT,
  }),
  // The audit log, read only (docs/api/audit.md); the facets name who made changes for the user filter.
  screen({
    id: "audit",
    feature: "audit",
    name: "audit",
    area: "admin",
    section: A.audit,
    label: "resources.audit",
    icon: "audit",
    built: true,
    routes: { list: "/admin/audit" },
    endpoints: ["/api/v2/audit-log", "/api/v2/audit-facets"],
  }),
  // Shipping rates, zones and config control (docs/api/settings.md).
  screen({
    id: "setting-shipping",
    feature: "settings",
    name: "setting-shipping",
    area: "admin",
    section: A.setting,
    grant: "/admin/setting/shipping",
    root: A.setting.path,
    label: "resources.setting-shipping",
    icon: "setting",
    built: true,
    routes: { list: "/admin/setting/shipping" },
    leaves: [{ path: "/admin/setting/shipping", title: "nav.settingShipping", sort: 820 }],
    endpoints: [
      "/api/setting/shippingrate",
      "/api/setting/createshippingrate",
      "/api/setting/configcontrol",
      "/api/v2/settings",
      "/api/v2/shipping-zones",
      "/api/v2/shipping-quotes",
    ],
  }),
  // The shipping zones, generated from the staff REST resource; granted with the shipping screen (no role loses them).
  screen({
    id: "setting-shippingzone",
    feature: "settings",
    name: "setting-shippingzone",
    area: "admin",
    section: A.setting,
    grant: "/admin/setting/shipping",
    label: "resources.setting-shippingzone",
    built: true,
    routes: {
      list: "/admin/setting/shipping-zones",
      create: "/admin/setting/shipping-zones/create",
      show: "/admin/setting/shipping-zones/:id",
      edit: "/admin/setting/shipping-zones/:id/edit",
    },
    generated: { resource: "shipping-zones", words: "shipping.zones" },
    leaves: [
      {
        path: "/admin/setting/shipping-zones",
        title: "nav.shippingZones",
        sort: 825,
        heldWith: "/admin/setting/shipping",
      },
    ],
    endpoints: ["/api/v2/shipping-zones"],
  }),
  // ----- apps -----
  screen({
    id: "taskboard",
    feature: "taskboard",
    name: "taskboard",
    area: "admin",
    section: A.apps,
    grant: "/admin/apps/kanban",
    label: "resources.taskboard",
    icon: "kanban",
    built: true,
    routes: { list: "/admin/apps/kanban" },
    leaves: [{ path: "/admin/apps/kanban", title: "nav.kanban", sort: 710 }],
    endpoints: TASKBOARD,
  }),
  screen({
    id: "supplier-taskboard",
    feature: "taskboard",
    name: "taskboard",
    area: "supplier",
    section: S.apps,
    grant: "/supplier/apps/kanban",
    label: "resources.taskboard",
    icon: "kanban",
    built: true,
    routes: { list: "/supplier/apps/kanban" },
    leaves: [{ path: "/supplier/apps/kanban", title: "nav.kanban", sort: 710 }],
    endpoints: TASKBOARD,
  }),
  screen({
    id: "mail",
    feature: "mail",
    name: "mail",
    area: "admin",
    section: A.apps,
    grant: "/admin/apps/mail",
    label: "resources.mail",
    built: true,
    routes: { list: "/admin/apps/mail" },
    leaves: [{ path: "/admin/apps/mail", title: "nav.mail", sort: 720 }],
    endpoints: MAIL,
  }),
  screen({
    id: "supplier-mail",
    feature: "mail",
    name: "mail",
    area: "supplier",
    section: S.apps,
    grant: "/supplier/apps/mail",
    label: "resources.mail",
    built: true,
    routes: { list: "/supplier/apps/mail" },
    leaves: [{ path: "/supplier/apps/mail", title: "nav.mail", sort: 720 }],
    endpoints: MAIL,
  }),
  screen({
    id: "chat",
    feature: "chat",
    name: "chat",
    area: "admin",
    section: A.apps,
    grant: "/admin/apps/chat",
    label: "resources.chat",
    built: true,
    routes: { list: "/admin/apps/chat" },
    leaves: [{ path: "/admin/apps/chat", title: "nav.chat", sort: 730 }],
    endpoints: CHAT,
  }),
  screen({
    id: "supplier-chat",
    feature: "chat",
    name: "chat",
    area: "supplier",
    section: S.apps,
    grant: "/supplier/apps/chat",
    label: "resources.chat",
    built: true,
    routes: { list: "/supplier/apps/chat" },
    leaves: [{ path: "/supplier/apps/chat", title: "nav.chat", sort: 730 }],
    endpoints: CHAT,
  }),
  // Staff also see the marketing windows of the screens they hold (CALENDAR); suppliers hold none of them.
  screen({
    id: "calendar",
    feature: "calendar",
    name: "calendar",
    area: "admin",
    section: A.apps,
    grant: "/admin/apps/calendar",
    label: "resources.calendar",
    built: true,
    routes: { list: "/admin/apps/calendar" },
    leaves: [{ path: "/admin/apps/calendar", title: "nav.calendar", sort: 740 }],
    endpoints: [CALENDAR_ENTRIES, CALENDAR],
  }),
  screen({
    id: "supplier-calendar",
    feature: "calendar",
    name: "calendar",
    area: "supplier",
    section: S.apps,
    grant: "/supplier/apps/calendar",
    label: "resources.calendar",
    built: true,
    routes: { list: "/supplier/apps/calendar" },
    leaves: [{ path: "/supplier/apps/calendar", title: "nav.calendar", sort: 740 }],
    endpoints: [CALENDAR_ENTRIES],
  }),
  screen({
    id: "checkout",
    feature: "checkout",
    name: "checkout",
    area: "admin",
    section: A.apps,
    grant: "/admin/apps/checkout",
    label: "resources.checkout",
    icon: "order",
    built: true,
    routes: { list: "/admin/apps/checkout" },
    leaves: [{ path: "/admin/apps/checkout", title: "nav.checkout", sort: 750, grants: ["admin"] }],
    endpoints: CHECKOUT,
  }),
  screen({
    id: "routes",
    feature: "routes",
    name: "routes",
    area: "admin",
    section: A.routes,
    label: "resources.routes",
    icon: "routes",
    built: true,
    routes: { list: "/admin/routes" },
    endpoints: [],
  }),
];

/** The menu path that grants a screen. */
export const grantOf = (s: Screen): string => s.grant ?? s.section.path;

/**
 * Menu paths whose holders may call each endpoint, from the built screens that list it.
 * An endpoint absent from the map is listed by no built screen.
 */
export function endpointGrants(screens: readonly Screen[] = SCREENS): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  for (const s of screens) {
    if (!s.built) continue;
    for (const e of s.endpoints) {
      const list = grants.get(e) ?? [];
      if (!list.includes(grantOf(s))) list.push(grantOf(s));
      grants.set(e, list);
    }
  }
  return grants;
}

/** `SIGNED_IN_ENDPOINTS` and the endpoints of built `everyone` screens: any signed-in user may call them. */
export function signedInEndpoints(screens: readonly Screen[] = SCREENS): string[] {
  return [
    ...new Set([...SIGNED_IN_ENDPOINTS, ...screens.filter((s) => s.built && s.everyone).flatMap((s) => s.endpoints)]),
  ];
}

/** One navConfig menu entry, as the server stores it. */
export interface MenuEntry {
  path: string;
  parent?: string;
  group: string;
  title: string;
  icon?: string;
  area: Area;
  sort: number;
  roles?: RoleCode[];
  grants: RoleCode[];
  /** Also granted, when first inserted, to the roles holding this path (`Leaf.heldWith`). */
  heldWith?: string;
}

/** The menu: the sections of built screens and those screens' leaves. Unbuilt and `everyone` screens stay out of it. */
export function menuCatalogue(screens: readonly Screen[] = SCREENS): MenuEntry[] {
  const entries = new Map<string, MenuEntry>();
  for (const s of screens) {
    if (!s.built || s.everyone) continue;
    const sec = s.section;
    if (!entries.has(sec.path)) {
      entries.set(sec.path, {
        path: sec.path,
        group: sec.group,
        title: sec.title,
        area: s.area,
        sort: sec.sort,
        grants: sec.grants,
        ...(sec.icon ? { icon: sec.icon } : {}),
        ...(sec.roles ? { roles: sec.roles } : {}),
      });
    }
    for (const leaf of s.leaves ?? []) {
      entries.set(leaf.path, {
        path: leaf.path,
        parent: sec.path,
        group: sec.group,
        title: leaf.title,
        area: s.area,
        sort: leaf.sort,
        grants: leaf.grants ?? sec.grants,
        ...(leaf.heldWith ? { heldWith: leaf.heldWith } : {}),
      });
    }
  }
  return [...entries.values()];
}
