import { describe, expect, it } from "vitest";
import { REQUIRED_FIELDS } from "../../src/api/required";
import { formOnlyRequired, writeRules } from "../../src/components/kit/rules";

describe("required marks from the write's schema", () => {
  const campaign = writeRules("/api/promotion/createcampaign");

  it("marks a field required exactly when the write's schema requires it, blank text counting as missing", () => {
    expect(campaign("name", "Name the campaign", [{ max: 120 }])).toEqual([
      { required: true, whitespace: true, message: "Name the campaign" },
      { max: 120 },
    ]);
    // Optional in the schema: only the other rules.
    expect(campaign("description", "unused", [{ max: 1000 }])).toEqual([{ max: 1000 }]);
    // Required but nullable: null is an answer ("no end"), so nothing to mark.
    expect(campaign.requires("endsAt")).toBe(false);
    expect(campaign.requires("startsAt")).toBe(true);
  });

  it("a value that is not free text (a date, a number, a state) is required without the blank check", () => {
    expect(campaign("startsAt")).toEqual([{ required: true }]);
    const hotspot = writeRules("/api/promotion/createhotspot");
    expect(hotspot("productId", "Pick a product")).toEqual([{ required: true, message: "Pick a product" }]);
  });

  it("a change's text that may not be blank is marked: the form sends it, so it may not be emptied", () => {
    const change = writeRules("/api/v2/campaigns/{id}", "patch");
    expect(change("name", "Name the campaign")).toEqual([
      { required: true, whitespace: true, message: "Name the campaign" },
    ]);
  });

  it("a change's e-mail is marked too: the server refuses an empty one (a staff user's, on the edit form)", () => {
    const change = writeRules("/api/v2/staff-users/{id}", "patch");
    expect(change("email", "Enter an e-mail")).toEqual([
      { required: true, whitespace: true, message: "Enter an e-mail" },
    ]);
    // Optional and nullable (no e-mail is an answer): not marked.
    expect(writeRules("/api/v2/checkout-orders")("billing.email")).toEqual([]);
  });

  it("marks a field of an object field, named parent.child", () => {
    const order = writeRules("/api/v2/checkout-orders");
    expect(order("billing.name")).toEqual([{ required: true, whitespace: true }]);
    expect(order("billing.districtId")).toEqual([{ required: true }]);
    expect(order("billing.email")).toEqual([]);
  });

  it("reads the write by its method", () => {
    const [path, methods] = Object.entries(REQUIRED_FIELDS).find(([, m]) => m.patch && !m.post)!;
    const patch = writeRules(path as "/api/promotion/createcampaign", "patch" as "post");
    const [field] = Object.keys(methods.patch);
    expect(patch.requires(field as "name")).toBe(true);
    expect(writeRules(path as "/api/promotion/createcampaign").requires(field as "name")).toBe(false);
  });

  it("a field no write names is marked by the form alone", () => {
    expect(formOnlyRequired("Repeat the password")).toEqual({ required: true, message: "Repeat the password" });
  });
});
