import type { ResourceModule } from "./types";
import { screen } from "./define";

const U = "/api/user";

export const setting: ResourceModule = {
  name: "setting",
  endpoints: {},
  resources: [
    screen({
      identifier: "setting-user",
      name: "setting-user",
      area: "admin",
      menuPath: "/admin/setting",
      label: "resources.setting-user",
      list: "/admin/setting/user",
      endpoints: [
        `${U}/getlistusermangement`, `${U}/useraccount`, `${U}/getuserroles`, `${U}/getdetailrole`,
        `${U}/updateroleuser`, `${U}/updatestatususer`, `${U}/getlistMenuNew`, `${U}/getemployeedata`,
        `${U}/usertypemaster`,
      ],
    }),
    screen({
      identifier: "setting-shipping",
      name: "setting-shipping",
      area: "admin",
      menuPath: "/admin/setting",
      label: "resources.setting-shipping",
      list: "/admin/setting/shipping",
      endpoints: [
        "/api/setting/shippingrate", "/api/setting/createshippingrate", "/api/setting/configcontrol",
        "/api/masterdata/mastershippingtype", "/api/masterdata/mastertransportratetime",
      ],
    }),
  ],
};
