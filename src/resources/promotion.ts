import type { ResourceModule } from "./types";
import { screen } from "./define";

const PR = "/api/promotion";

const promo = (identifier: string, path: string, endpoints: string[]) =>
  screen({
    identifier,
    name: identifier,
    area: "admin",
    menuPath: "/admin/promotion",
    label: `resources.${identifier}`,
    list: `/admin/promotion/${path}`,
    endpoints,
  });

export const promotion: ResourceModule = {
  name: "promotion",
  endpoints: {},
  resources: [
    promo("promotion-homesale", "homesale", [
      `${PR}/listhomesale`, `${PR}/loadhomesale`, `${PR}/addpromotionhomesale`, `${PR}/editpromotionhomesale`,
      `${PR}/deletelinkgroup`, `${PR}/setstatuslink`,
    ]),
    promo("promotion-notify", "notify", [
      `${PR}/masternotify`, `${PR}/notification`, "/api/notify/getmessagenotifylist", "/api/notify/createmessage",
    ]),
    promo("promotion-oldfornew", "oldfornew", [`${PR}/oldfornew`, `${PR}/mastergrouplist`, `${PR}/createoldfornew`]),
    promo("promotion-coupon", "couponline", ["/api/report/reportpromotiononline"]),
  ],
};
