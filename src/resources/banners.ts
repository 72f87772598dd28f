import type { ResourceModule } from "./types";
import { screen } from "./define";

const B = "/api/banners/uploadbanner";

export const banners: ResourceModule = {
  name: "banners",
  endpoints: {},
  resources: [
    screen({
      identifier: "banners",
      name: "banners",
      area: "admin",
      menuPath: "/admin/banners",
      label: "resources.banners",
      list: "/admin/banners/bannermanagement",
      endpoints: [
        `${B}/getlistbanners`, `${B}/getmasterType`, `${B}/getBannerTypeMenu`, `${B}/sortbanner`,
        `${B}/updatestatusbanner`, `${B}/deletebanner`, `${B}/updatetimebanner`, `${B}/upload`,
      ],
    }),
  ],
};
