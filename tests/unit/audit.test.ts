import { describe, expect, it } from "vitest";
import { fieldChanges, humanize, valueText } from "../../src/features/audit/model";

/** The audit entry's comparison (src/features/audit/model.ts): what the drawer shows for before and after. */
describe("fieldChanges", () => {
  it("lists changed fields first in the record's order, then the unchanged ones", () => {
    const rows = fieldChanges(
      { name: "A", price: 10, tags: ["x"], online: true },
      { name: "A", price: 12, tags: ["x", "y"], online: true },
    );
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ["price", true],
      ["tags", true],
      ["name", false],
      ["online", false],
    ]);
    expect(rows[0]).toEqual({ field: "price", before: 10, after: 12, changed: true });
  });

  it("tells a field that was not there from one that was empty", () => {
    const rows = fieldChanges({ reason: null }, { reason: null, note: "n" });
    expect(rows).toEqual([
      { field: "note", before: undefined, after: "n", changed: true },
      { field: "reason", before: null, after: null, changed: false },
    ]);
  });

  it("treats a missing record as no fields: a creation has every field changed", () => {
    expect(fieldChanges(null, { a: 1, b: 2 }).map((r) => [r.field, r.before, r.after, r.changed])).toEqual([
      ["a", undefined, 1, true],
      ["b", undefined, 2, true],
    ]);
    expect(fieldChanges({ a: 1 }, null).every((r) => r.changed && r.after === undefined)).toBe(true);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it("compares a value that is not an object as one field, `value`, like the server's `changed`", () => {
    expect(fieldChanges([1, 2], [1, 3])).toEqual([{ field: "value", before: [1, 2], after: [1, 3], changed: true }]);
    expect(fieldChanges("a", "a")).toEqual([{ field: "value", before: "a", after: "a", changed: false }]);
  });
});

describe("valueText and humanize", () => {
  it("shows strings as they are and anything else as indented JSON", () => {
    expect(valueText("ร้าน")).toBe("ร้าน");
    expect(valueText(12)).toBe("12");
    expect(valueText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
  it("reads codes as words", () => {
    expect(humanize("order_claim")).toBe("order claim");
    expect(humanize("slip.upload")).toBe("slip upload");
  });
});
