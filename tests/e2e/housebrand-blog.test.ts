import type { Page } from "playwright-core";
import { asc, eq } from "drizzle-orm";
import { blogPostProducts, blogPosts, products, shops } from "../../server/src/db/schema.js";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, dragKey, screenshot, signIn } from "./browser.js";

/** The product ideas in the post form, top to bottom. */
const ideasInForm = (page: Page) => page.locator(".blog-ideas tbody tr[data-row-key] bdi").allTextContents();
/** The product ideas as a reader sees them. */
const ideasOnPage = (page: Page) => page.locator(".blog-post-products .blog-post-product-name").allTextContents();

describe.skipIf(!browserAvailable)("house-brand blog in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("the content editor writes a house-brand post with two product ideas, orders them by drag, publishes it and reads it", async () => {
    await signIn(page, server.url, "editor");
    // The way in: the house-brand list's blog button (the House brands menu item is that list).
    await page.goto(server.url + "/admin/housebrand?lng=en");
    await page.getByRole("link", { name: "House-brand blog" }).click();
    await page.waitForURL("**/admin/housebrand/blog/posts");
    await page.locator("a.ant-btn", { hasText: "New post" }).first().click();
    await page.waitForURL("**/admin/housebrand/blog/new");

    // The one house brand is chosen; the post is written and set to be published.
    await page.locator(".ant-select-selection-item", { hasText: "HomeBase Essentials" }).waitFor();
    const title = "Rainy-Season Storage: Keep It Dry, Keep It Tidy";
    await page.getByLabel("Title").fill(title);
    await page.locator(".ProseMirror").click();
    await page.keyboard.type("Lift boxes off the floor before the first storm.");
    await page
      .locator(".ant-form-item")
      .filter({ has: page.getByText("Status", { exact: true }) })
      .locator(".ant-select-selector")
      .click();
    await page.locator(".ant-select-item-option[title='Published']").click();

    // Two product ideas picked from the house brand's catalogue.
    await page.getByRole("button", { name: "Add products" }).click();
    const picker = page.getByRole("dialog", { name: "Add products" });
    await picker.getByRole("searchbox", { name: "Search products" }).fill("storage");
    await picker.getByRole("searchbox", { name: "Search products" }).press("Enter");
    const rows = picker.locator(".ant-table-tbody tr.ant-table-row");
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => /storage/i.test(text)) && rows.count())
      .toBeGreaterThanOrEqual(2);
    const picked = [await rows.nth(0).locator("bdi").innerText(), await rows.nth(1).locator("bdi").innerText()];
    await rows.nth(0).getByRole("checkbox").check();
    await rows.nth(1).getByRole("checkbox").check();
    await picker.getByRole("button", { name: "Add 2" }).click();
    await picker.waitFor({ state: "hidden" });
    await expect.poll(() => ideasInForm(page)).toEqual(picked);

    // By mouse: the first idea carried below the second, by its handle.
    const handle = (await page.getByRole("button", { name: `Move ${picked[0]} (position 1)` }).boundingBox())!;
    const second = (await page.locator(".blog-ideas tbody tr[data-row-key]").nth(1).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, second.y + second.height * 0.9, { steps: 15 });
    await page.mouse.up();
    await expect.poll(() => ideasInForm(page)).toEqual([picked[1], picked[0]]);
    await screenshot(page, "housebrand-blog-new-en-light");

    // One save: the post, then its ideas in that order; the reader's view follows.
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") writes.push(new URL(r.url()).pathname);
    });
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/housebrand\/blog\/\d+$/);
    await page.getByRole("heading", { name: title }).waitFor();
    expect(writes).toEqual(["/api/blogs/housebrand/newpost", "/api/blogs/housebrand/sortproductidea"]);
    await expect.poll(() => ideasOnPage(page)).toEqual([picked[1], picked[0]]);
    expect(await page.locator(".blog-post .ant-tag", { hasText: "Published" }).count()).toBe(1);
    expect(await page.locator(".blog-post-content").innerText()).toContain(
      "Lift boxes off the floor before the first storm.",
    );
    await screenshot(page, "housebrand-blog-post-en-light");

    // Kept on the server: published, in the house brand, the ideas in the dragged order.
    await page.reload();
    await expect.poll(() => ideasOnPage(page)).toEqual([picked[1], picked[0]]);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const [post] = await server.app.db
      .select({ status: blogPosts.status, shop: shops.name, kind: shops.kind })
      .from(blogPosts)
      .innerJoin(shops, eq(shops.id, blogPosts.shopId))
      .where(eq(blogPosts.id, id));
    expect(post).toEqual({ status: "published", shop: "HomeBase Essentials", kind: "housebrand" });
    const linked = await server.app.db
      .select({ name: products.name })
      .from(blogPostProducts)
      .innerJoin(products, eq(products.id, blogPostProducts.productId))
      .where(eq(blogPostProducts.postId, id))
      .orderBy(asc(blogPostProducts.sort));
    expect(linked.map((p) => p.name)).toEqual([picked[1], picked[0]]);
  });

  it("moves a saved post's idea by keyboard, saving the move at once, with the positions spoken", async () => {
    await signIn(page, server.url, "editor");
    await page.goto(server.url + "/admin/housebrand/blog/posts?lng=en");
    await page.getByRole("link", { name: "Three Storage Ideas for a Bangkok Condo", exact: true }).click();
    await page.locator("a.ant-btn", { hasText: "Edit" }).click();
    await page.waitForURL(/\/admin\/housebrand\/blog\/\d+\/edit$/);
    await expect.poll(async () => (await ideasInForm(page)).length).toBe(3);
    const before = await ideasInForm(page);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/blogs/housebrand/sortproductidea") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: `Move ${before[2]} (position 3)` }).focus();
    await dragKey(page, "Space", `Picked up ${before[2]}, position 3 of 3.`);
    await dragKey(page, "ArrowUp", `${before[2]} is over position 2 of 3.`);
    await dragKey(page, "Space", `${before[2]} was dropped at position 2 of 3.`);
    expect((await saved).status()).toBe(200);
    await expect.poll(() => ideasInForm(page)).toEqual([before[0], before[2], before[1]]);

    // Saved without the form: the reader's view has the new order.
    await page.goto(page.url().replace(/\/edit$/, ""));
    await expect.poll(() => ideasOnPage(page)).toEqual([before[0], before[2], before[1]]);
  });
});
