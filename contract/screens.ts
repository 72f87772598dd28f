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
}

const section = (s: Section): Section => s;
const screen = (s: Screen): Screen => s;

// ---------- endpoints outside any screen ----------

export const PUBLIC_ENDPOINTS: readonly string[] = ["/health", "/api/account/login", "/api/account/register"];

/**
 * Any signed-in user: the own account, master-data look-ups shared by many screens, and REST
 * resources scoped to their owner (`/api/v2/<resource>` stands for all of its routes).
 */
export const SIGNED_IN_ENDPOINTS: readonly string[] = [
  "/api/account/me",
  "/api/v2/saved-views",
  ...[
    "masterorderstatus", "masterorderchanel", "masterordershipment", "mastertransporttype", "mastercollecttype",
    "mastertransportratetime", "masterbank", "masterclaim", "masterprovince", "masterdistrict", "masterbranch",
  ].map((m) => `/api/masterdata/${m}`),
];

// ---------- menu sections ----------

const A = {
  dashboard: section({ path: "/admin/dashboard", group: "nav.overview", title: "nav.dashboard", icon: "dashboard", sort: 100, grants: ["admin"] }),
  two: section({ path: "/admin/two", group: "nav.overview", title: "nav.analytics", icon: "dashboard", sort: 110, grants: ["admin"] }),
  three: section({ path: "/admin/three", group: "nav.overview", title: "nav.ecommerce", icon: "dashboard", sort: 120, grants: ["admin"] }),
  blog: section({ path: "/admin/blog", group: "nav.content", title: "nav.blog", icon: "blog", sort: 200, grants: ["admin", "editor"] }),
  product: section({ path: "/admin/product", group: "nav.catalogue", title: "nav.products", icon: "product", sort: 250, grants: ["admin"] }),
  orders: section({ path: "/admin/orders", group: "nav.sales", title: "nav.orders", icon: "order", sort: 300, grants: ["admin"] }),
  brandshop: section({ path: "/admin/brandshop", group: "nav.storefront", title: "nav.brandshop", icon: "shop", sort: 400, grants: ["admin"] }),
  housebrand: section({ path: "/admin/housebrand", group: "nav.storefront", title: "nav.housebrand", icon: "shop", sort: 410, grants: ["admin", "editor"] }),
  campaign: section({ path: "/admin/campaign", group: "nav.marketing", title: "nav.campaign", icon: "campaign", sort: 500, grants: ["admin"] }),
  homecategory: section({ path: "/admin/homecategory", group: "nav.marketing", title: "nav.homecategory", icon: "category", sort: 510, grants: ["admin"] }),
  banners: section({ path: "/admin/banners", group: "nav.marketing", title: "nav.banners", icon: "banner", sort: 520, grants: ["admin", "editor"] }),
  promotion: section({ path: "/admin/promotion", group: "nav.marketing", title: "nav.promotion", icon: "promotion", sort: 530, grants: ["admin"] }),
  reports: section({ path: "/admin/reports", group: "nav.insight", title: "nav.reports", icon: "report", sort: 600, grants: ["admin"] }),
  setting: section({ path: "/admin/setting", group: "nav.management", title: "nav.setting", icon: "setting", sort: 800, grants: ["admin"] }),
  routes: section({ path: "/admin/routes", group: "nav.management", title: "nav.routes", icon: "routes", sort: 900, grants: ["admin"], roles: ["admin"] }),
};

const S = {
  dashboard: section({ path: "/supplier/dashboard", group: "nav.overview", title: "nav.dashboard", icon: "dashboard", sort: 100, grants: ["supplier"] }),
  blog: section({ path: "/supplier/blog", group: "nav.content", title: "nav.blog", icon: "blog", sort: 200, grants: ["supplier"] }),
  product: section({ path: "/supplier/product", group: "nav.catalogue", title: "nav.products", icon: "product", sort: 250, grants: ["supplier"] }),
  brandshop: section({ path: "/supplier/brandshop", group: "nav.storefront", title: "nav.brandshop", icon: "shop", sort: 400, grants: ["supplier"] }),
};

// ---------- endpoint groups ----------

const P = "/api/product";
const M = "/api/masterdata";
const O = "/api/order";
const BL = "/api/blogs/master";
const RELOAD = "/api/report/getReloadDashboard";

const BLOG = ["posts", "post", "new", "edit", "closecontent", "deletecontent", "menu", "product", "sortproductidea", "deleteproductidea"]
  .map((e) => `${BL}/${e}`);

/** What a product page needs in both areas. */
const PRODUCT_PAGE = [
  "productlist", "exportcsv", "masterproduct", "getproduct", "masterproductedit", "editproduct", "jobs", "auditlog",
  "imageproduct", "uploadimageproduct", "sortimageproduct", "deleteimageproduct", "getlinkyoutubeproduct",
  "setlinkyoutubeproduct", "gettagsearchproduct", "changetagsearch", "generatekeyhighlight", "uploadvideo", "listvideo",
  "deletevideo", "getaudiolist", "saveaudio", "deleteaudio", "getfeatureattribute", "getdatatableattribute",
  "updatestatusattribute", "getconfigshipping", "getEditImgaePgage", "insertLogEditimage", "insertStatusEditImage",
  "senttis", "getTis", "getImageTis", "deleteTis", "masterrooms", "mastersize", "ditailproducttile", "listproductvirtualroom",
  "createproductroom", "deleteproductroom", "pricehistory", "pathimageproduct", "changeprice",
].map((e) => `${P}/${e}`);
/** Catalogue master data behind the product filters and forms. */
const PRODUCT_MASTERS = [
  "mastertisproduct", "masterfeedback", "mastershippingtype", "masterproductlevel1", "masterproductlevel2", "mastercolor",
  "masterproductstatus", "masterproductunit", "masterbrand", "masterwarranty", "masterunitdimension", "masterweightunit",
  "mastervolumeunit",
].map((e) => `${M}/${e}`);
/** Staff only: approval, going online, syncs with outside systems, the ERP. */
const PRODUCT_STAFF = [
  "approveproduct", "unapproveproduct", "productonline", "updateOpenOnline", "updateCloseOnline",
  "syncproduct", "syncchangeproduct", "gpproductsync", "searchgp", "creategp", "getgppos",
].map((e) => `${P}/${e}`);
const NEW_PRODUCT = [
  "newproductlist", "exportnewproductcsv", "searchproductcode", "createnewproduct", "getnewproduct", "editnewproduct",
  "imgnewproduct", "uploadimageproduct", "sortimgnewproduct", "deleteimgnewproduct", "submitproduct", "synctopurchase",
  "jobs", "auditlog", "masterproductedit",
].map((e) => `${P}/${e}`);
const ATTRIBUTES = ["masterattribute", "createattribute", "editattribute", "deleteattribute", "deleteattributeitem", "attributestatus", "attributeicon"]
  .map((e) => `${M}/${e}`);

/**
 * Orders, decided per verb. Suppliers, on their own shops' orders: read, fulfil (ready items,
 * preparing/ready-to-ship steps, shipping and tracking, contact notes, PO and transfer requests,
 * claims), cancel before shipping with a reason. Money (slips, redeem) and syncs are staff-only.
 */
const ORDER_READ = [
  "orderlist", "sumordersstatus", "orderlistbranch", "exportorders", "orderview", "orderviewitem", "contactcuslist",
  "reportbilljoborder", "poorders", "trackingpo", "documentpo", "documentpoorderitem", "documenttransfer", "claimlist",
  "claimdetail",
].map((e) => `${O}/${e}`);
const ORDER_FULFIL = [
  "changestatusreadyitem", "changestatusorder", "shippingorder", "contactcustomer", "deletecontactcustomer",
  "requestpoorder", "transferproduct", "ropcanceltransfer", "fileclaim", "cancelorder",
].map((e) => `${O}/${e}`);
const ORDER_STAFF = [
  "syncorders", "confirmreceived", "restoreredeem", "genaratepo", "cancelpo", "restorepo", "canceltransferdoc",
  "cleartransfer", "setclaimorder",
].map((e) => `${O}/${e}`);
const SLIPS = ["slippayment", "approveslipview", "approveslip", "uploadslippayment", "changeslip"].map((e) => `${O}/${e}`);

const K = "/api/supplier/kanban";
const H = "/api/housebrand";
const HB = "/api/blogs/housebrand";
const PR = "/api/promotion";
const R = "/api/report";
const B = "/api/banners/uploadbanner";
const U = "/api/user";

const KANBAN = ["master", "board", "columns/update", "columns/delete", "card/orderby", "card/update", "detail-card",
  "searchproduct-card", "card/detail-update", "card/detail-orderby"];

// ---------- the screens ----------

const report = (id: string, path: string, endpoints: string[]) =>
  screen({ id, name: id, feature: "reports", area: "admin", section: A.reports, label: `resources.${id}`, built: false, routes: { list: `/admin/reports/${path}` }, endpoints });
const promo = (id: string, path: string, endpoints: string[]) =>
  screen({ id, name: id, feature: "promotion", area: "admin", section: A.promotion, label: `resources.${id}`, built: false, routes: { list: `/admin/promotion/${path}` }, endpoints });

export const SCREENS: readonly Screen[] = [
  // ----- dashboards -----
  screen({ id: "admin-dashboard", feature: "dashboard", name: "dashboard", area: "admin", section: A.dashboard, label: "resources.admin-dashboard", icon: "dashboard",
    built: true, routes: { list: "/admin/dashboard" }, endpoints: [RELOAD] }),
  // Suppliers have no order screen yet; they work their own orders through the order API, granted with the dashboard.
  screen({ id: "supplier-dashboard", feature: "dashboard", name: "dashboard", area: "supplier", section: S.dashboard, label: "resources.supplier-dashboard", icon: "dashboard",
    built: true, routes: { list: "/supplier/dashboard" }, endpoints: [RELOAD, ...ORDER_READ, ...ORDER_FULFIL] }),
  screen({ id: "admin-two", feature: "dashboard", name: "two", area: "admin", section: A.two, label: "resources.admin-two", built: false, routes: { list: "/admin/two" }, endpoints: [] }),
  screen({ id: "admin-three", feature: "dashboard", name: "three", area: "admin", section: A.three, label: "resources.admin-three", built: false, routes: { list: "/admin/three" }, endpoints: [] }),

  // ----- products -----
  screen({ id: "product", feature: "product", name: "product", area: "admin", section: A.product, grant: "/admin/product/listproduct", root: "/admin/product",
    label: "resources.product", built: true, routes: { list: "/admin/product/listproduct", edit: "/admin/product/:id" },
    leaves: [{ path: "/admin/product/listproduct", title: "nav.productList", sort: 251 }],
    endpoints: [...PRODUCT_PAGE, ...PRODUCT_STAFF, ...PRODUCT_MASTERS] }),
  screen({ id: "product-approve", feature: "product", name: "product-approve", area: "admin", section: A.product, grant: "/admin/product/listproductapprove",
    label: "resources.product-approve", built: true, routes: { list: "/admin/product/listproductapprove" },
    leaves: [{ path: "/admin/product/listproductapprove", title: "nav.productApprove", sort: 252 }],
    endpoints: [`${P}/productapprovelist`, `${P}/approveproduct`, `${P}/unapproveproduct`, `${P}/masterproduct`, `${M}/masterfeedback`] }),
  screen({ id: "product-visible", feature: "product", name: "product-visible", area: "admin", section: A.product, grant: "/admin/product/visible",
    label: "resources.product-visible", built: true, routes: { list: "/admin/product/visible" },
    leaves: [{ path: "/admin/product/visible", title: "nav.productVisible", sort: 253 }],
    endpoints: [`${P}/getDatavisible`, `${P}/getmasterdatavisible`, `${P}/updatastatusvisible`, `${P}/getfilspacailfeature`] }),
  screen({ id: "product-attribute", feature: "product", name: "product-attribute", area: "admin", section: A.product, grant: "/admin/product/masterattribute",
    label: "resources.product-attribute", built: true, routes: { list: "/admin/product/masterattribute" },
    leaves: [{ path: "/admin/product/masterattribute", title: "nav.productAttributes", sort: 254 }],
    endpoints: ATTRIBUTES }),
  screen({ id: "product-report-new", feature: "product", name: "product-report-new", area: "admin", section: A.product, grant: "/admin/product/reportnewproduct",
    label: "resources.product-report-new", built: true, routes: { list: "/admin/product/reportnewproduct" },
    leaves: [{ path: "/admin/product/reportnewproduct", title: "nav.newProductReport", sort: 255 }],
    endpoints: [`${P}/newproductlist`, `${P}/exportnewproductcsv`, `${P}/masterproduct`] }),
  screen({ id: "product-installrate", feature: "product", name: "product-installrate", area: "admin", section: A.product, grant: "/admin/product/installrate",
    label: "resources.product-installrate", built: true, routes: { list: "/admin/product/installrate" },
    leaves: [{ path: "/admin/product/installrate", title: "nav.installRates", sort: 256 }],
    endpoints: [`${P}/productinstallrate`, `${P}/setstatusinstallrate`, `${P}/masterproduct`] }),
  screen({ id: "supplier-product", feature: "product", name: "product", area: "supplier", section: S.product, label: "resources.supplier-product", built: true,
    routes: { list: "/supplier/product/list", edit: "/supplier/product/:id" },
    leaves: [{ path: "/supplier/product/list", title: "nav.productList", sort: 251 }],
    endpoints: [...PRODUCT_PAGE, `${P}/submitproduct`, ...PRODUCT_MASTERS] }),
  screen({ id: "supplier-newproduct", feature: "product", name: "newproduct", area: "supplier", section: S.product, label: "resources.supplier-newproduct", built: true,
    routes: { list: "/supplier/product/newproduct", create: "/supplier/product/newproduct/create", edit: "/supplier/product/newproduct/:id" },
    leaves: [{ path: "/supplier/product/newproduct", title: "nav.newProducts", sort: 252 }],
    endpoints: [...NEW_PRODUCT, ...PRODUCT_MASTERS] }),

  // ----- orders -----
  screen({ id: "orders", feature: "orders", name: "orders", area: "admin", section: A.orders, label: "resources.orders", icon: "order", built: true,
    routes: { list: "/admin/orders/list", show: "/admin/orders/:id/view" },
    leaves: [{ path: "/admin/orders/list", title: "nav.orderList", sort: 310 }],
    endpoints: [...ORDER_READ, ...ORDER_FULFIL, ...ORDER_STAFF, `${P}/masterproduct`] }),
  screen({ id: "orders-branch", feature: "orders", name: "orders-branch", area: "admin", section: A.orders, label: "resources.orders-branch", built: true,
    routes: { list: "/admin/orders/listbranch", show: "/admin/orders/:id/viewbranch" },
    leaves: [{ path: "/admin/orders/listbranch", title: "nav.branchOrders", sort: 320 }],
    endpoints: [...ORDER_READ, ...ORDER_FULFIL, ...ORDER_STAFF] }),
  screen({ id: "orders-slip", feature: "orders", name: "orders-slip", area: "admin", section: A.orders, label: "resources.orders-slip", built: true,
    routes: { list: "/admin/orders/listslip" },
    leaves: [{ path: "/admin/orders/listslip", title: "nav.paymentSlips", sort: 330 }],
    endpoints: [...SLIPS, `${O}/orderview`, `${P}/masterproduct`] }),
  screen({ id: "orders-return", feature: "orders", name: "orders-return", area: "admin", section: A.orders, label: "resources.orders-return", built: true,
    routes: { show: "/admin/orders/productclaim/product-return-detail/:id" },
    endpoints: [`${O}/claimdetail`, `${O}/setclaimorder`] }),
  screen({ id: "orders-claim", feature: "orders", name: "orders-claim", area: "admin", section: A.orders, label: "resources.orders-claim", built: true,
    routes: {
      list: "/admin/orders/productclaim",
      show: "/admin/orders/productclaim/product-claim-detail/:id/view",
      create: "/admin/orders/productclaim/product-claim-new/:id",
    },
    leaves: [{ path: "/admin/orders/productclaim", title: "nav.claims", sort: 340 }],
    endpoints: [`${O}/claimlist`, `${O}/claimdetail`, `${O}/fileclaim`, `${O}/setclaimorder`, `${O}/orderview`, `${O}/orderviewitem`] }),

  // ----- blogs -----
  screen({ id: "blog", feature: "blogs", name: "blog", area: "admin", section: A.blog, label: "blog.titles.list", icon: "blog", built: true,
    routes: { list: "/admin/blog/posts", create: "/admin/blog/new", show: "/admin/blog/post/:id", edit: "/admin/blog/post/:id/edit" },
    leaves: [{ path: "/admin/blog/posts", title: "nav.posts", sort: 210 }, { path: "/admin/blog/new", title: "nav.newPost", sort: 220 }],
    endpoints: BLOG }),
  screen({ id: "supplier-blog", feature: "blogs", name: "blog", area: "supplier", section: S.blog, label: "blog.titles.list", icon: "blog", built: true,
    routes: { list: "/supplier/blog/posts", create: "/supplier/blog/new", show: "/supplier/blog/post/:id", edit: "/supplier/blog/post/:id/edit" },
    leaves: [{ path: "/supplier/blog/posts", title: "nav.posts", sort: 210 }, { path: "/supplier/blog/new", title: "nav.newPost", sort: 220 }],
    endpoints: BLOG }),

  // ----- storefronts (not built yet) -----
  screen({ id: "brandshop", feature: "brandshop", name: "brandshop", area: "admin", section: A.brandshop, label: "resources.brandshop", built: false,
    routes: { list: "/admin/brandshop", edit: "/admin/brandshop/:id" },
    endpoints: [`${K}/shopMaster`, `${K}/shopprofile`, `${K}/board`, "/api/kanban/columns/update", "/api/kanban/columns/delete", "/api/brandshop/deletebrannercate"] }),
  screen({ id: "supplier-brandshop", feature: "brandshop", name: "brandshop", area: "supplier", section: S.brandshop, label: "resources.supplier-brandshop", built: false,
    routes: { list: "/supplier/brandshop", edit: "/supplier/brandshop/:id" },
    endpoints: [...KANBAN.map((e) => `${K}/${e}`), `${K}/shopProfile`, "/api/brandshop/deletebrannercate"] }),
  screen({ id: "housebrand", feature: "housebrand", name: "housebrand", area: "admin", section: A.housebrand, label: "resources.housebrand", built: false,
    routes: { list: "/admin/housebrand", edit: "/admin/housebrand/:id" },
    endpoints: [`${H}/masterbrand`, `${H}/shopmaster`, `${H}/brandprofile`, ...KANBAN.map((e) => `${H}/${e}`)] }),
  screen({ id: "housebrand-blog", feature: "housebrand", name: "housebrand-blog", area: "admin", section: A.housebrand, label: "resources.housebrand-blog", built: false,
    routes: { list: "/admin/housebrand/blog/posts", create: "/admin/housebrand/blog/new", show: "/admin/housebrand/blog/:id" }, root: "/admin/housebrand/blog",
    endpoints: ["posts", "newpost", "postedit", "closecontent", "deletecontent", "product", "menu", "sortproductidea", "deleteproductidea"].map((e) => `${HB}/${e}`) }),

  // ----- marketing (not built yet) -----
  screen({ id: "campaign", feature: "campaign", name: "campaign", area: "admin", section: A.campaign, label: "resources.campaign", built: false,
    routes: { list: "/admin/campaign", edit: "/admin/campaign/:id" },
    endpoints: ["productflashsale", "listSelectProductFlashsale", "setproductflashsale", "closeproductflashsale", "reportproductflashsale",
      "createcampaign", "closecampaign", "setdatecampaign", "createhotspot", "widgethotspot"].map((e) => `${PR}/${e}`) }),
  screen({ id: "homecategory", feature: "homecategory", name: "homecategory", area: "admin", section: A.homecategory, label: "resources.homecategory", built: false,
    routes: { list: "/admin/homecategory", edit: "/admin/homecategory/:id" },
    endpoints: [`${M}/masterproductlevel1`, `${M}/masterproductlevel2`] }),
  screen({ id: "banners", feature: "banners", name: "banners", area: "admin", section: A.banners, label: "resources.banners", built: false,
    routes: { list: "/admin/banners/bannermanagement" },
    endpoints: ["getlistbanners", "getmasterType", "getBannerTypeMenu", "sortbanner", "updatestatusbanner", "deletebanner", "updatetimebanner", "upload"]
      .map((e) => `${B}/${e}`) }),
  promo("promotion-homesale", "homesale", ["listhomesale", "loadhomesale", "addpromotionhomesale", "editpromotionhomesale", "deletelinkgroup", "setstatuslink"]
    .map((e) => `${PR}/${e}`)),
  promo("promotion-notify", "notify", [`${PR}/masternotify`, `${PR}/notification`, "/api/notify/getmessagenotifylist", "/api/notify/createmessage"]),
  promo("promotion-oldfornew", "oldfornew", [`${PR}/oldfornew`, `${PR}/mastergrouplist`, `${PR}/createoldfornew`]),
  promo("promotion-coupon", "couponline", [`${R}/reportpromotiononline`]),

  // ----- reports (not built yet; the dashboard is) -----
  report("report-trackorder", "reporttrackorder", [`${R}/reporttrackorder`, `${R}/reportshippingorder`]),
  report("report-airservice", "reportairservice", [`${R}/orderair`]),
  report("report-coupon", "reportcupon", [`${R}/reportproductpromotion`, `${R}/reportpromotiononline`]),
  report("report-review", "reportreview", [`${R}/reportreview`, `${M}/masterfeedback`]),

  // ----- settings -----
  screen({ id: "setting-user", feature: "setting", name: "setting-user", area: "admin", section: A.setting, label: "resources.setting-user", built: false,
    routes: { list: "/admin/setting/user" },
    endpoints: ["getlistusermangement", "useraccount", "getuserroles", "getdetailrole", "updateroleuser", "updatestatususer", "getlistMenuNew",
      "getemployeedata", "usertypemaster"].map((e) => `${U}/${e}`) }),
  screen({ id: "setting-shipping", feature: "setting", name: "setting-shipping", area: "admin", section: A.setting, label: "resources.setting-shipping", built: false,
    routes: { list: "/admin/setting/shipping" },
    endpoints: ["/api/setting/shippingrate", "/api/setting/createshippingrate", "/api/setting/configcontrol", `${M}/mastershippingtype`, `${M}/mastertransportratetime`] }),
  screen({ id: "routes", feature: "routes", name: "routes", area: "admin", section: A.routes, label: "resources.routes", icon: "routes", built: true,
    routes: { list: "/admin/routes" }, endpoints: [] }),
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
}

/** The menu: the sections of built screens and those screens' leaves. Unbuilt screens stay out of it. */
export function menuCatalogue(screens: readonly Screen[] = SCREENS): MenuEntry[] {
  const entries = new Map<string, MenuEntry>();
  for (const s of screens) {
    if (!s.built) continue;
    const sec = s.section;
    if (!entries.has(sec.path)) {
      entries.set(sec.path, {
        path: sec.path, group: sec.group, title: sec.title, area: s.area, sort: sec.sort, grants: sec.grants,
        ...(sec.icon ? { icon: sec.icon } : {}), ...(sec.roles ? { roles: sec.roles } : {}),
      });
    }
    for (const leaf of s.leaves ?? []) {
      entries.set(leaf.path, { path: leaf.path, parent: sec.path, group: sec.group, title: leaf.title, area: s.area, sort: leaf.sort, grants: sec.grants });
    }
  }
  return [...entries.values()];
}
