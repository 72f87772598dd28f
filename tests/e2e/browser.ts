import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { AppConfig } from "../../server/src/config.js";
import { TOKEN_KEY } from "../../src/providers/http-shared.js";
import { NAV_KEY, USER_KEY, type NavGroup, type SessionUser } from "../../src/providers/session-store.js";
import { startServer, type RunningServer } from "../support/server.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
/** The built front end that `npm test` makes before the tests run. */
export const DIST = path.resolve(process.env.E2E_DIST ?? "dist");

/** In CI the browser must be there; elsewhere a missing Chromium skips the browser tests. */
export const browserAvailable = existsSync(CHROMIUM);
if (!browserAvailable && process.env.CI) {
  throw new Error(`Chromium not found at ${CHROMIUM}; CI must run the browser tests (apt-get install chromium)`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The looks a screen is checked in — English light and Arabic dark, each at 1366 px and at a phone's 390 px —
 * with the page set to each in turn (the theme cookie is read when the app loads, so open the screen inside).
 */
export async function* eachLook(
  page: Page,
  base: string,
): AsyncGenerator<{ lng: "en" | "ar"; mode: "light" | "dark"; width: 1366 | 390 }> {
  for (const [lng, mode] of [
    ["en", "light"],
    ["ar", "dark"],
  ] as const) {
    await page.context().addCookies([{ name: "themeMode", value: mode, url: base }]);
    for (const width of [1366, 390] as const) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      yield { lng, mode, width };
    }
  }
}

export interface BrowserSession {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The real server (fresh demo database, serving the built app) and Chromium for one describe block,
 * with a fresh context and page for every test. Read the fields inside tests and hooks.
 */
export function browserSession(
  opts: {
    viewport?: { width: number; height: number };
    config?: Partial<AppConfig>;
    /** Pages that ask for reduced motion: the app then animates nothing (no fade for axe to measure mid-way). */
    reducedMotion?: boolean;
  } = {},
): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([
      startServer({ staticDir: DIST, config: opts.config }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  let trail: string[] = [];
  beforeEach(async () => {
    session.context = await session.browser.newContext({
      viewport: opts.viewport ?? { width: 1366, height: 860 },
      reducedMotion: opts.reducedMotion ? "reduce" : "no-preference",
    });
    session.page = await session.context.newPage();
    trail = [];
    const started = Date.now();
    const note = (line: string) => {
      trail.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
      if (trail.length > TRAIL) trail.shift();
    };
    session.page.on("response", (r) => {
      const api = apiPath(r.url());
      if (api) note(`${r.status()} ${r.request().method()} ${api}`);
    });
    // A navigation aborts the previous page's chunk loads: only API calls that got no answer are told.
    session.page.on("requestfailed", (r) => {
      const api = apiPath(r.url());
      if (api) note(`no answer: ${r.method()} ${api} ${r.failure()?.errorText ?? ""}`);
    });
    session.page.on("pageerror", (e) => note(`page error: ${e.message}`));
    session.page.on("console", (m) => {
      if (m.type() === "error") note(`console: ${m.text().slice(0, 300)}`);
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && session.page && !session.page.isClosed())
      await reportFailure(session.page, task.name, trail);
    await session.context?.close();
  });
  return session;
}

/** API answers, page errors and console errors kept for a failed test's report. */
const TRAIL = 40;

/** The path of an API call, or undefined for anything else (chunks, pictures, the page). */
function apiPath(url: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.startsWith("/api/") ? pathname : undefined;
}

/**
 * What a failed test leaves for whoever reads the CI log: the address, the words of any open dialog,
 * drawer, toast or field error, the last API answers and page errors, and a screenshot.
 */
async function reportFailure(page: Page, name: string, trail: string[]): Promise<void> {
  const shown = await page
    .locator(
      ".ant-modal-content, .ant-drawer-content, .ant-notification-notice, .ant-message-notice, .ant-form-item-explain-error, .ant-alert, .ant-result",
    )
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => (e as HTMLElement).innerText.replace(/\s+/g, " ").slice(0, 300)),
    )
    .catch(() => []);
  const file = `failed-${name.replace(/[^\w]+/g, "-").slice(0, 80)}`;
  await screenshot(page, file).catch(() => undefined);
  console.error(
    [
      `--- ${name}: failed at ${page.url()}`,
      ...shown.map((text) => `shown: ${text}`),
      ...trail,
      `screenshot: ${path.join(SCREENSHOTS, file)}.png`,
    ].join("\n"),
  );
}

/** What dnd-kit last told the screen reader. */
const announced = (page: Page) => page.locator("[id^='DndLiveRegion']").textContent();

/**
 * One key of a keyboard drag, then the screen reader's words it should bring. dnd-kit's keyboard
 * sensor starts listening one timer tick after the pick-up, and a loaded browser runs input before
 * timers: after each key a timer set in the page has run, so the sensor's has too (timers run in the
 * order they were set) before the next key comes.
 */
export async function dragKey(page: Page, key: string, words: string): Promise<void> {
  await page.keyboard.press(key);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  await expect.poll(() => announced(page)).toBe(words);
}

export const DEMO_PASSWORD = "Demo@2026";

/**
 * Signs the user in through the API and stores the session where the sign-in form stores it, on a light page
 * of the app's origin (the favicon): the test's next `goto` opens the app signed in, without loading the
 * sign-in page and the home page first (two cold app loads per test). The form itself is tested in
 * foundation.test.ts.
 */
export async function signIn(page: Page, base: string, user = "admin", password = DEMO_PASSWORD): Promise<void> {
  const typeLogin = user.startsWith("supplier") ? "supplier" : "staff";
  const answer = await page.request.post(base + "/api/account/login", { data: { users: user, password, typeLogin } });
  const body = (await answer.json()) as { accessToken?: string; user?: SessionUser; navConfig?: NavGroup[] };
  if (!answer.ok() || !body.accessToken || !body.user)
    throw new Error(`${user} could not sign in: ${answer.status()} ${JSON.stringify(body)}`);
  await page.goto(base + "/favicon.svg");
  await page.evaluate(
    ([keys, session]) => {
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.user, JSON.stringify(session.user));
      localStorage.setItem(keys.nav, JSON.stringify(session.nav));
    },
    [
      { token: TOKEN_KEY, user: USER_KEY, nav: NAV_KEY },
      { token: body.accessToken, user: body.user, nav: body.navConfig ?? [] },
    ] as const,
  );
}
