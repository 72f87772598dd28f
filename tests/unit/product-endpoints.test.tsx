import { describe, expect, it } from "vitest";
import { product } from "../../src/features/product/resource";
import { listQuery } from "../../src/resources/endpoints";
import { changedFields } from "../../src/features/product/AuditLog";
import { editBody, EDITABLE_FIELDS } from "../../src/features/product/ProductFields";
import { newProductPaths, productPaths, uploadBody } from "../../src/features/product/model";

describe("product endpoint map", () => {
  it("turns Refine list params into the product list query, with one sorter as sort+order", () => {
    const query = listQuery("/api/product/productlist", { filters: ["search", "shopId", "online"], sorts: ["price"] })({
      page: 2,
      limit: 50,
      filters: [
        { field: "search", operator: "eq", value: "  fan " },
        { field: "shopId", operator: "eq", value: undefined },
        { field: "online", operator: "eq", value: "false" },
        { field: "notAFilter", operator: "eq", value: "" },
      ],
      sorters: [{ field: "price", order: "asc" }],
    });
    expect(query).toEqual({ page: 2, limit: 50, search: "fan", online: "false", sort: "price", order: "asc" });
  });

  it("gives each product screen its own list endpoint", () => {
    const lists = Object.fromEntries(
      Object.entries(product.resourceEndpoints ?? {}).map(([name, map]) => [name, map.list?.path]),
    );
    expect(product.endpoints.list?.path).toBe("/api/product/productlist");
    expect(lists).toEqual({
      "product-approve": "/api/product/productapprovelist",
      "product-visible": "/api/product/getDatavisible",
      "product-attribute": "/api/masterdata/masterattribute",
      "product-report-new": "/api/product/newproductlist",
      newproduct: "/api/product/newproductlist",
    });
    expect(product.endpoints.list?.fromResponse({ items: [{ id: 1 }], total: 7, maxpage: 1 })).toEqual({
      data: [{ id: 1 }],
      total: 7,
      extra: { maxpage: 1 },
    });
  });

  it("maps one, edit and the new-product calls; reads are GET and writes POST", () => {
    const ep = product.endpoints;
    expect(ep.one?.toRequest("12")).toEqual({ id: 12 });
    expect(ep.one?.fromResponse({ data: { id: 12 } })).toEqual({ id: 12 });
    expect(ep.update).toMatchObject({ method: "POST", path: "/api/product/editproduct" });
    expect(ep.update?.toRequest({ name: "Fan", version: 3 }, "12")).toEqual({ name: "Fan", version: 3, id: 12 });
    const np = product.resourceEndpoints.newproduct;
    expect(np.create).toMatchObject({ method: "POST", path: "/api/product/createnewproduct" });
    expect(np.update).toMatchObject({ method: "POST", path: "/api/product/editnewproduct" });
    expect(np.one).toMatchObject({ method: "GET", path: "/api/product/getnewproduct" });
    expect(ep.actions?.approveproduct).toEqual({ method: "POST", path: "/api/product/approveproduct" });
    expect(ep.actions?.imageproduct).toEqual({ method: "GET", path: "/api/product/imageproduct" });
    expect(ep.actions?.attributestatus).toEqual({ method: "POST", path: "/api/masterdata/attributestatus" });
  });

  it("screen paths come from the route table", () => {
    expect(productPaths("admin").edit(5)).toBe("/admin/product/5");
    expect(productPaths("supplier").list).toBe("/supplier/product/list");
    expect(newProductPaths.edit(9)).toBe("/supplier/product/newproduct/9");
    expect(newProductPaths.create).toBe("/supplier/product/newproduct/create");
  });
});

describe("product form helpers", () => {
  it("sends cleared fields as null and trims text", () => {
    expect(
      editBody({ name: " Fan ", description: "", brandId: undefined, width: 0, ignored: 1 }, EDITABLE_FIELDS),
    ).toEqual({
      name: "Fan",
      description: null,
      brandId: null,
      width: 0,
    });
  });

  it("puts multipart text fields before the file", () => {
    const body = uploadBody({ id: 7 }, new File(["x"], "a.png", { type: "image/png" }));
    expect([...body.keys()]).toEqual(["id", "file"]);
    expect(body.get("id")).toBe("7");
  });

  it("shows only what an audit entry changed", () => {
    expect(
      changedFields(
        { price: "10.00", name: "Fan", updatedAt: "a", version: 1 },
        { price: "12.00", name: "Fan", updatedAt: "b", version: 2 },
      ),
    ).toEqual(["price: 10.00 → 12.00"]);
    expect(changedFields(null, { id: 3, code: "X-1", description: null, searchTags: [] })).toEqual([
      "id: 3",
      "code: X-1",
    ]);
    expect(changedFields({ imageIds: [1, 2] }, { imageIds: [2, 1] })).toEqual(["imageIds: [1,2] → [2,1]"]);
  });
});
