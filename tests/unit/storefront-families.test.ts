/**
 * One set of storefront screens serves both families (features/brandshop/family.ts) through the verbs they
 * share, typed for either family: a query or body either path takes, an answer either path gives.
 */
import type { FamilyVerb } from "../../src/features/brandshop/family";
import brandshop, { BOARD_READS, BOARD_WRITES } from "../../src/features/brandshop/endpoints";
import housebrand from "../../src/features/housebrand/endpoints";

describe("storefront families", () => {
  it("share the board's verbs and the two masters", () => {
    expectTypeOf<FamilyVerb>().toEqualTypeOf<
      (typeof BOARD_READS)[number] | (typeof BOARD_WRITES)[number] | "brands" | "categories"
    >();
    for (const family of [brandshop, housebrand]) {
      expect(Object.keys(family.endpoints.actions)).toEqual(
        expect.arrayContaining([...BOARD_READS, ...BOARD_WRITES, "brands", "categories"]),
      );
    }
  });

  it("keep each family's own folder in its paths", () => {
    expect(brandshop.endpoints.actions.board.path).toBe("/api/supplier/kanban/board");
    expect(housebrand.endpoints.actions.board.path).toBe("/api/housebrand/board");
    expect(housebrand.endpoints.actions.brands.path).toBe("/api/housebrand/masterbrand");
  });
});
