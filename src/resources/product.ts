import type { ResourceModule } from "./types";
import { screen } from "./define";

const P = "/api/product";
const M = "/api/masterdata";

export const product: ResourceModule = {
  name: "product",
  endpoints: {},
  resources: [
    screen({
      identifier: "product",
      name: "product",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product",
      list: "/admin/product/listproduct",
      edit: "/admin/product/:id",
      endpoints: [
        `${P}/productlist`, `${P}/masterproduct`, `${P}/getproduct`, `${P}/masterproductedit`,
        `${P}/editproduct`, `${P}/productonline`, `${P}/updateOpenOnline`, `${P}/updateCloseOnline`,
        `${P}/changeprice`, `${P}/syncproduct`, `${P}/syncchangeproduct`, `${P}/imageproduct`,
        `${P}/sortimageproduct`, `${P}/deleteimageproduct`, `${P}/getlinkyoutubeproduct`,
        `${P}/setlinkyoutubeproduct`, `${P}/gettagsearchproduct`, `${P}/changetagsearch`,
      ],
    }),
    screen({
      identifier: "product-approve",
      name: "product-approve",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product-approve",
      list: "/admin/product/listproductapprove",
      endpoints: [`${P}/productapprovelist`, `${P}/unapproveproduct`, `${P}/senttis`, `${P}/getTis`],
    }),
    screen({
      identifier: "product-visible",
      name: "product-visible",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product-visible",
      list: "/admin/product/visible",
      endpoints: [`${P}/getDatavisible`, `${P}/getmasterdatavisible`, `${P}/updatastatusvisible`],
    }),
    screen({
      identifier: "product-attribute",
      name: "product-attribute",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product-attribute",
      list: "/admin/product/masterattribute",
      endpoints: [
        `${M}/masterattribute`, `${M}/createattribute`, `${M}/editattribute`, `${M}/deleteattribute`,
        `${M}/deleteattributeitem`, `${M}/attributestatus`, `${M}/attributeicon`,
        `${P}/getdatatableattribute`, `${P}/updatestatusattribute`, `${P}/getfeatureattribute`,
      ],
    }),
    screen({
      identifier: "product-report-new",
      name: "product-report-new",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product-report-new",
      list: "/admin/product/reportnewproduct",
      endpoints: ["/api/report/reportnewproduct"],
    }),
    screen({
      identifier: "product-installrate",
      name: "product-installrate",
      area: "admin",
      menuPath: "/admin/product",
      label: "resources.product-installrate",
      list: "/admin/product/installrate",
      endpoints: [`${P}/productinstallrate`, `${P}/setstatusinstallrate`],
    }),
    screen({
      identifier: "supplier-product",
      name: "product",
      area: "supplier",
      menuPath: "/supplier/product",
      label: "resources.supplier-product",
      list: "/supplier/product/list",
      edit: "/supplier/product/:id",
      endpoints: [`${P}/productlist`, `${P}/getproduct`, `${P}/masterproductedit`, `${P}/editproduct`, `${P}/imageproduct`],
    }),
    screen({
      identifier: "supplier-newproduct",
      name: "newproduct",
      area: "supplier",
      menuPath: "/supplier/product",
      label: "resources.supplier-newproduct",
      list: "/supplier/product/newproduct",
      create: "/supplier/product/newproduct/create",
      edit: "/supplier/product/newproduct/:id",
      endpoints: [
        `${P}/newproductlist`, `${P}/searchproductcode`, `${P}/createnewproduct`, `${P}/getnewproduct`,
        `${P}/editnewproduct`, `${P}/imgnewproduct`, `${P}/sortimgnewproduct`, `${P}/deleteimgnewproduct`,
        `${P}/synctopurchase`,
      ],
    }),
  ],
};
