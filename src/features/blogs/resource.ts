import type { ResourceModule } from "../../resources/types";
import { action, byId, pagedList, write } from "../../resources/endpoints";
import { page } from "../../components/kit/page";
import { screensOf } from "../../resources/define";

const BASE = "/api/blogs/master";

const endpoints: ResourceModule["endpoints"] = {
  list: pagedList(`${BASE}/posts`, { filters: ["search", "type", "status", "shopId"], contains: ["search"] }),
  one: byId(`${BASE}/post`),
  create: write(`${BASE}/new`, "create"),
  update: write(`${BASE}/edit`),
  remove: write(`${BASE}/deletecontent`, "remove"),
  actions: {
    close: action(`${BASE}/closecontent`),
    menu: action(`${BASE}/menu`, "GET"),
    products: action(`${BASE}/product`, "GET"),
    sortProducts: action(`${BASE}/sortproductidea`),
    removeProduct: action(`${BASE}/deleteproductidea`),
  },
};

export const blog: ResourceModule = {
  pages: {
    blog: {
      list: page(() => import("./PostList").then((m) => m.PostList), { area: "admin" }),
      create: page(() => import("./PostForm").then((m) => m.PostForm), { area: "admin", mode: "create" }),
      edit: page(() => import("./PostForm").then((m) => m.PostForm), { area: "admin", mode: "edit" }),
      show: page(() => import("./PostShow").then((m) => m.PostShow), { area: "admin" }),
    },
    "supplier-blog": {
      list: page(() => import("./PostList").then((m) => m.PostList), { area: "supplier" }),
      create: page(() => import("./PostForm").then((m) => m.PostForm), { area: "supplier", mode: "create" }),
      edit: page(() => import("./PostForm").then((m) => m.PostForm), { area: "supplier", mode: "edit" }),
      show: page(() => import("./PostShow").then((m) => m.PostShow), { area: "supplier" }),
    },
  },
  name: "blog",
  endpoints,
  resources: screensOf("blogs"),
};

export default blog;
