import { describe, expect, it } from "vitest";
import {
  action,
  actions,
  byId,
  listQuery,
  pagedList,
  UnsupportedQueryError,
  write,
} from "../../src/resources/endpoints";

const req = (filters: any[] = [], sorters: any[] = []) => ({ page: 1, limit: 20, filters, sorters });

describe("declarative endpoint maps", () => {
  const toQuery = listQuery("/api/things", {
    filters: ["status", "search"],
    contains: ["search"],
    allValues: ["all"],
    sorts: ["name"],
  });

  it("sends accepted filters, trimmed, and leaves out empty ones and the 'all' value", () => {
    expect(
      toQuery(
        req(
          [
            { field: "search", operator: "contains", value: "  lamp " },
            { field: "status", operator: "eq", value: "all" },
          ],
          [{ field: "name", order: "desc" }],
        ),
      ),
    ).toEqual({ page: 1, limit: 20, search: "lamp", sort: "name", order: "desc" });
    expect(toQuery(req([{ field: "status", operator: "eq", value: "" }]))).toEqual({ page: 1, limit: 20 });
  });

  it("refuses a filter, operator or sort the endpoint does not take, naming it", () => {
    expect(() => toQuery(req([{ field: "colour", operator: "eq", value: "red" }]))).toThrow(
      new UnsupportedQueryError("/api/things", 'filter by "colour"'),
    );
    expect(() => toQuery(req([{ field: "status", operator: "contains", value: "pa" }]))).toThrow(
      /filter "status" with "contains"/,
    );
    expect(() => toQuery(req([{ field: "search", operator: "gte", value: "x" }]))).toThrow(/"gte"/);
    expect(() => toQuery(req([{ operator: "or", value: [{ field: "status", operator: "eq", value: "a" }] }]))).toThrow(
      /combine filters with "or"/,
    );
    expect(() => toQuery(req([], [{ field: "price", order: "asc" }]))).toThrow(/sort by "price"/);
    expect(() =>
      toQuery(
        req(
          [],
          [
            { field: "name", order: "asc" },
            { field: "name", order: "desc" },
          ],
        ),
      ),
    ).toThrow(/more than one field/);
  });

  it("reads the foundation's list answer, or the endpoint's own", () => {
    expect(pagedList("/api/things").fromResponse({ items: [{ id: 1 }], total: 9, maxpage: 1 })).toEqual({
      data: [{ id: 1 }],
      total: 9,
      extra: { maxpage: 1 },
    });
    expect(pagedList("/api/things").fromResponse(undefined)).toEqual({ data: [], total: 0, extra: { maxpage: 0 } });
    const own = pagedList("/api/own", { method: "POST", fromResponse: (b) => ({ data: b.rows, total: b.n }) });
    expect(own.method).toBe("POST");
    expect(own.fromResponse({ rows: [1], n: 1 })).toEqual({ data: [1], total: 1 });
  });

  it("maps one record, writes and verbs onto their paths", () => {
    expect(byId("/api/t/one").toRequest("12")).toEqual({ id: 12 });
    expect(byId("/api/t/one").fromResponse({ data: { id: 12 } })).toEqual({ id: 12 });
    expect(write("/api/t/new", "create").toRequest({ a: 1 })).toEqual({ a: 1 });
    expect(write("/api/t/edit").toRequest({ a: 1 }, "3")).toEqual({ a: 1, id: 3 });
    expect(write("/api/t/del", "remove").toRequest({ a: 1 }, "3")).toEqual({ id: 3 });
    expect(action("/api/t/close")).toEqual({ method: "POST", path: "/api/t/close" });
    expect(actions("/api/t", ["look"], ["touch"])).toEqual({
      look: { method: "GET", path: "/api/t/look" },
      touch: { method: "POST", path: "/api/t/touch" },
    });
  });
});
