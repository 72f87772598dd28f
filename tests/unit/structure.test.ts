import { resolve } from "node:path";
import { importCircles } from "../support/imports";

describe("front-end structure", () => {
  // A feature's pages import its endpoints (endpoints.ts), never its resource.ts, which loads those pages.
  it("the app's files import each other without a circle (lazy screens counted, type-only imports aside)", () => {
    expect(importCircles(resolve(__dirname, "../../src"))).toEqual([]);
  });
});
