/**
 * Admin pages in a real browser (Debian's Chromium driven by playwright-core) against the test
 * stack, opened as Shopify's admin opens them, with the checks every page gets:
 *
 * - any console error, uncaught page error or failed request fails the test, except what the
 *   app takes from Shopify's CDN (OFFLINE_SHOPIFY_CDN: App Bridge's script first), which cannot
 *   load offline;
 * - axe-core finds no violation of impact serious or critical;
 * - Web Vitals: a layout shift over MAX_CLS fails the test; LCP and the INP of the page's main
 *   action are printed (`VITALS ...`) and appended to test-results/browser/vitals.jsonl;
 * - a full-page screenshot, test-results/browser/<name>.png.
 *
 *   const admin = useAdminBrowser({ worker: false });  // beforeAll: stack and browser; afterAll: both stop
 *   it("saves", async () => {
 *     const customs = await admin.openAdminPage("/app/settings/customs");
 *     await customs.page.getByLabel("Default HS code").fill("691200");
 *     await customs.mainAction(() => saveBarButton(customs.page, "Save").click());  // the admin's save bar
 *     await expectVisible(customs.page.getByText("Settings saved."));
 *     await customs.audit();
 *   }, BROWSER_TEST_TIMEOUT_MS);
 *
 * See test/browser/README.md.
 */
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page, type Route } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { PROJECT_ROOT } from "../../dev/stack/build";
import { adminDocument, sessionToken } from "../admin/support";
import { startStack, type StackOverrides, type TestStack } from "../support/stack";

/** Debian's `chromium` package (.ci/run installs it); playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** What `@shopify/shopify-app-remix`'s AppProvider loads (its APP_BRIDGE_URL); offline it cannot. */
export const APP_BRIDGE_SCRIPT = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

/**
 * Nothing outside the app can be reached from the browser (LAUNCH_ARGS resolves no name), as on a
 * machine without network. What the app takes from Shopify's CDN therefore fails: App Bridge's
 * script, and these others (the page keeps its fallback font; the empty state its grey
 * placeholder); those failures are not counted against the test. Any other request outside the
 * app fails the test: a page that starts using another CDN asset adds it here, on purpose.
 */
export const OFFLINE_SHOPIFY_CDN: ReadonlyMap<string, string> = new Map([
  [APP_BRIDGE_SCRIPT, "App Bridge (AppProvider)"],
  ["https://cdn.shopify.com/static/fonts/inter/v4/styles.css", "Polaris's Inter font (app/root.tsx)"],
  [
    "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png",
    "the empty-state illustration (Shipments and Returns lists)",
  ],
]);

/**
 * A layout shift over this fails the test: the web's "good" CLS. Under load a SKU's page measured
 * 0.069 and a new bulk shipment 0.041 on every load, until 2026-11-30: Chromium painted the page half
 * parsed, a layout's first column alone at full width, then moved it when the second came; the first
 * paint now waits for the whole page (app/root.tsx) and both measure 0.000. Not 0.05 again: at load
 * 12, Products filling in its catalogue after a read (live-pages) measured 0.060, and checkout rates
 * refused by the plan 0.053. Every page's figures: test-results/browser/vitals.jsonl.
 */
export const MAX_CLS = 0.1;

interface LayoutShift {
  at: number;
  value: number;
  hadRecentInput: boolean;
  moved: string[];
  overlay: boolean;
}

/**
 * What MAX_CLS is held against: CLS (its largest session window: shifts less than 1 s apart, at
 * most 5 s long, none within 500 ms of an input) of the page's own layout, leaving out shifts that
 * moved only a Polaris overlay. A popover places itself in a second pass over the page and moves
 * none of its content; when a busy machine opened the SKU picker's suggestions more than 500 ms after
 * the key that asked for them, that second pass alone counted 0.105 (load 15 to 29).
 */
export function pageLayoutShift(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let session = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.hadRecentInput || shift.overlay) continue;
    if (shift.at - last > 1_000 || shift.at - first > 5_000) {
      session = 0;
      first = shift.at;
    }
    session += shift.value;
    last = shift.at;
    largest = Math.max(largest, session);
  }
  return largest;
}
/**
 * The page's own requests (Remix navigations and form posts) are answered no sooner than this
 * after the last input (click, key). CLS leaves out shifts within 500 ms of an input, so an
 * answer's effect on the layout would count or not with the machine's speed; held past that
 * window, it always counts, as it does for a merchant whose answer is slow. The click's own
 * feedback (within the window) still does not count, and INP (the click's next paint) is not
 * affected. Requests long after any input (a reload after an action's answer) are not held.
 */
export const LATE_ANSWER_MS = 600;
/** Targets on this machine, printed against, never failed on: timings vary with the machine's load. */
export const LCP_TARGET_MS = 1_000;
export const INP_TARGET_MS = 100;

/** For `it(..., BROWSER_TEST_TIMEOUT_MS)`: a page load, an action and an audit, with room for a busy machine. */
export const BROWSER_TEST_TIMEOUT_MS = 60_000;
/** Playwright's own waits end before the test's, so a failure names what it waited for. */
const ACTION_TIMEOUT_MS = 15_000;

export const RESULTS_DIR = path.join(PROJECT_ROOT, "test-results", "browser");
export const VITALS_FILE = path.join(RESULTS_DIR, "vitals.jsonl");

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  // No name is ever resolved: nothing leaves the machine, not even a DNS query for a preconnect
  // hint, and an outside address fails at once instead of after a resolver's timeout.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

const VIEWPORT = { width: 1280, height: 800 };

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
// The attribution-free build, as a classic script defining `webVitals` (not in the package's exports map).
const WEB_VITALS_SOURCE = readFileSync(path.join(path.dirname(require.resolve("web-vitals")), "web-vitals.iife.js"), "utf8");

/**
 * Runs before any of the page's own scripts, in every document: web-vitals with reportAllChanges
 * (INP is known after one interaction, LCP and CLS as they change), and each layout shift with the
 * elements it moved, for the failure message.
 */
const VITALS_PROBE = `${WEB_VITALS_SOURCE}
;(() => {
  const vitals = { ttfb: null, fcp: null, lcp: null, cls: 0, inp: null, shifts: [], lastInputAt: 0 };
  Object.defineProperty(window, "__browserTestVitals", { value: vitals });
  // The inputs that open CLS's 500 ms window (LATE_ANSWER_MS is counted from the last one).
  for (const type of ["pointerdown", "mousedown", "keydown"]) {
    addEventListener(type, () => { vitals.lastInputAt = Date.now(); }, { capture: true });
  }
  webVitals.onTTFB((metric) => { vitals.ttfb = metric.value; });
  webVitals.onFCP((metric) => { vitals.fcp = metric.value; });
  webVitals.onLCP((metric) => { vitals.lcp = metric.value; }, { reportAllChanges: true });
  webVitals.onCLS((metric) => { vitals.cls = metric.value; }, { reportAllChanges: true });
  webVitals.onINP((metric) => { vitals.inp = metric.value; }, { reportAllChanges: true, durationThreshold: 16 });
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return String(node && node.nodeName);
    const text = (node.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 60);
    return node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") + (node.className && typeof node.className === "string" ? "." + node.className.trim().split(/\\s+/).slice(0, 2).join(".") : "") + (text ? ' "' + text + '"' : "");
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        moved: (entry.sources || []).map((source) => describe(source.node)),
        // Every element it moved floats in a Polaris overlay (a popover, the SKU picker's suggestions).
        overlay: (entry.sources || []).length > 0 && entry.sources.every((source) => {
          const element = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
          return Boolean(element && element.closest(".Polaris-PositionedOverlay"));
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();`;

/**
 * App Bridge's one effect on the page's own rendering: its elements (<NavMenu> renders
 * <ui-nav-menu>) are shown by Shopify's admin, around the app's frame, never inside it. Without
 * App Bridge they are unknown elements and their links would show at the top of every page; here
 * they are defined as App Bridge defines them before the page is parsed, with a shadow root that
 * shows none of their children (still in the DOM: navigateFromAdminMenu uses them).
 */
const APP_BRIDGE_ELEMENTS = `(() => {
  for (const name of ["ui-nav-menu", "ui-title-bar"]) {
    if (customElements.get(name)) continue;
    customElements.define(name, class extends HTMLElement {
      constructor() { super(); this.attachShadow({ mode: "open" }); }
    });
  }
  // The contextual save bar: the admin shows its buttons over the page while the app says so
  // (show/hide); here they show in place, with the save bar's role, for the test to press.
  if (!customElements.get("ui-save-bar")) {
    customElements.define("ui-save-bar", class extends HTMLElement {
      constructor() {
        super();
        const root = this.attachShadow({ mode: "open" });
        root.innerHTML = '<div role="region" aria-label="Unsaved changes" hidden><slot></slot></div>';
      }
      show() { this.shadowRoot.firstElementChild.hidden = false; this.dataset.shown = "true"; this.dispatchEvent(new Event("show")); }
      hide() { this.shadowRoot.firstElementChild.hidden = true; delete this.dataset.shown; this.dispatchEvent(new Event("hide")); }
      get showing() { return this.dataset.shown === "true"; }
    });
  }
})();`;

interface PageVitals {
  lastInputAt: number;
  ttfb: number | null;
  fcp: number | null;
  lcp: number | null;
  cls: number;
  inp: number | null;
  shifts: LayoutShift[];
}

export interface PageReport {
  name: string;
  path: string;
  lcpMs: number | null;
  cls: number;
  inpMs: number | null;
  /** Violations of impact minor or moderate: reported, not failed on. */
  minorViolations: string[];
  screenshot: string;
}

export interface AdminPage {
  /** The Playwright page, on `path`, hydrated. */
  page: Page;
  /** Names the screenshot (`<name>.png`, slugged) and the VITALS line; the path unless given. */
  name: string;
  /**
   * Performs the page's main action (clicks, key presses: real input). The INP printed for the page
   * is the worst interaction so far, so call it for the action that matters, once the page is loaded.
   */
  mainAction(action: () => Promise<unknown>): Promise<void>;
  /**
   * Leaves the page as the admin's navigation menu does: App Bridge renders the app's <NavMenu> in
   * the admin's sidebar and, on a click, fires `shopify:navigate` on the menu's link, which the app's
   * AppProvider turns into a client-side navigation.
   */
  navigateFromAdminMenu(label: string): Promise<void>;
  /** A console error this test expects, with why (e.g. the 400 of a form the app refuses). */
  allowConsoleError(pattern: RegExp, why: string): void;
  /**
   * The checks every page gets: axe (serious and critical fail), the CLS limit, the screenshot, and
   * the vitals printed and recorded. Call it once the page shows what the test asserts.
   */
  audit(): Promise<PageReport>;
}

export interface AdminBrowser {
  stack(): TestStack;
  browser(): Browser;
  /**
   * Opens `path` as the embedded admin opens it: a document request with embedded=1, shop, host and
   * id_token (a fresh session token), a browser's user agent, then waits until React has hydrated.
   */
  openAdminPage(path: string, options?: { name?: string }): Promise<AdminPage>;
}

interface OpenPage {
  name: string;
  problems: string[];
  audited: boolean;
  close(): Promise<void>;
}

/** An ordinary Chrome user agent for the browser's version: the library answers bots (HeadlessChrome is one) with 410. */
function chromeUserAgent(browser: Browser): string {
  const major = browser.version().split(".")[0] ?? "126";
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

export const slug = (name: string) =>
  name
    .replace(/^\/+/, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "root";

const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)}ms`);

/**
 * The test file's stack and browser, started side by side before its first test and stopped after
 * its last; the pages a test opened are closed after it, and what went wrong in them fails it.
 */
export function useAdminBrowser(overrides: StackOverrides = {}): AdminBrowser {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  let open: OpenPage[] = [];
  const warmed = new Set<string>();

  beforeAll(async () => {
    const [startedStack, launched] = await Promise.allSettled([
      startStack(overrides),
      // launch() gives every browser a fresh temporary user-data-dir and deletes it at close.
      launchChromium(),
    ]);
    if (startedStack.status === "fulfilled") stack = startedStack.value;
    if (launched.status === "fulfilled") browser = launched.value;
    if (startedStack.status === "rejected") throw startedStack.reason;
    if (launched.status === "rejected") {
      throw new Error(
        `Chromium did not start from ${CHROMIUM_PATH} (.ci/run installs Debian's chromium package): ${String(launched.reason)}`,
      );
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  afterEach(async (context) => {
    const pages = open;
    open = [];
    await Promise.all(pages.map((page) => page.close()));
    const problems = pages.flatMap((page) => page.problems.map((problem) => `${page.name}: ${problem}`));
    if (problems.length > 0) throw new Error(`The browser reported:\n- ${problems.join("\n- ")}`);
    const unaudited = pages.filter((page) => !page.audited).map((page) => page.name);
    if (context.task.result?.state !== "fail" && unaudited.length > 0) {
      throw new Error(`Opened but never audited (call audit() once the page shows what the test asserts): ${unaudited.join(", ")}`);
    }
  });

  const currentStack = () => {
    if (!stack) throw new Error("The stack is not running: useAdminBrowser() starts it in beforeAll");
    return stack;
  };
  const currentBrowser = () => {
    if (!browser) throw new Error("The browser is not running: useAdminBrowser() starts it in beforeAll");
    return browser;
  };

  async function openAdminPage(pagePath: string, options: { name?: string } = {}): Promise<AdminPage> {
    const s = currentStack();
    const b = currentBrowser();
    const name = options.name ?? pagePath;
    // Each path is rendered once before it is measured: the first render of a route in a new app
    // process pays for loading its code and first queries, which a merchant's page load rarely does.
    const route = new URL(pagePath, s.appUrl).pathname;
    if (!warmed.has(route)) {
      warmed.add(route);
      await adminDocument(s, pagePath);
    }
    const appOrigin = new URL(s.appUrl).origin;
    const problems: string[] = [];
    const allowed: { pattern: RegExp; why: string }[] = [];
    const context = await adminContext(b);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const close = async () => {
      // A request still held (LATE_ANSWER_MS) must not outlive its page as an unhandled error.
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await context.close();
    };
    const record: OpenPage = { name, problems, audited: false, close };
    open.push(record);

    await context.addInitScript({ content: VITALS_PROBE });
    await context.addInitScript({ content: APP_BRIDGE_ELEMENTS });
    // The app's requests other than its built assets (hashed, static, no session needed).
    await context.route(new RegExp(`^${escapeRegExp(appOrigin)}/(?!assets/)`), (route) => authorizeLikeAppBridge(route, s));

    const page = await context.newPage();
    const isOfflineCdn = (url: string | undefined) => url !== undefined && OFFLINE_SHOPIFY_CDN.has(url);
    // The admin shows the app in a frame, for which no browser asks a favicon; this top-level page
    // may ask, and the app has none (404): not the app's failure.
    const favicon = `${appOrigin}/favicon.ico`;
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (isOfflineCdn(message.location().url) || message.location().url === favicon) return;
      const text = message.text();
      if (allowed.some(({ pattern }) => pattern.test(text))) return;
      problems.push(`console error: ${text} (at ${message.location().url || "?"})`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught error: ${error.stack ?? error.message}`));
    // The shop's admin page of the app, where a top-level page of the app sends the browser back
    // (the provider login's callback). Shopify's admin cannot be reached offline (nor routed: the
    // browser reaches it by a redirect), so the test does its part: it loads the app's page, embedded.
    const appInAdmin = `https://admin.shopify.com/store/${s.shop.replace(".myshopify.com", "")}/apps/${s.apiKey}/`;
    let loadingFromAdmin = false;
    page.on("requestfailed", (request) => {
      const navigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
      // A load of the app's page that the error page interrupted is asked again (below), not failed.
      if (navigation && loadingFromAdmin && request.failure()?.errorText === "net::ERR_ABORTED") return;
      if (navigation && request.url().startsWith(appInAdmin)) {
        // The browser may try the unreachable address again by itself (its error page reloads): one
        // load of the app's page at a time, or each would interrupt the other.
        if (loadingFromAdmin) return;
        const inAdmin = new URL(request.url());
        const inApp = `/${inAdmin.pathname.slice(new URL(appInAdmin).pathname.length)}${inAdmin.search}`;
        // After the browser's own error page has loaded, which would interrupt it; asked again if it did.
        loadingFromAdmin = true;
        const load = async () => {
          await page.waitForURL((url) => url.protocol === "chrome-error:", { waitUntil: "load" });
          for (let attempt = 1; ; attempt++) {
            try {
              return await page.goto(embeddedUrl(s, inApp).href, { waitUntil: "load" });
            } catch (error) {
              if (attempt === 3 || !String(error).includes("ERR_ABORTED")) throw error;
            }
          }
        };
        load()
          .catch((error: unknown) => problems.push(`the admin's page of the app did not load: ${String(error)}`))
          .finally(() => (loadingFromAdmin = false));
        return;
      }
      if (isOfflineCdn(request.url())) return;
      // Remix cancels a page's data request that a newer one replaces (a live page asking again as the
      // merchant leaves it), and the browser cancels Remix's look-up of the routes the page links to
      // (/__manifest) when the page goes elsewhere (the provider's login) before it is answered, as a
      // busy machine answers late: superseded, not failed. Any other failure is the app's.
      const requested = new URL(request.url());
      const superseded = requested.searchParams.has("_data") || requested.pathname === "/__manifest";
      if (request.failure()?.errorText === "net::ERR_ABORTED" && superseded) return;
      problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "?"})`);
    });

    const url = embeddedUrl(s, pagePath);
    const response = await page.goto(url.href, { waitUntil: "load" });
    if (response?.status() !== 200) {
      throw new Error(`${pagePath} answered ${response?.status() ?? "nothing"}; the app's output:\n${s.logs().slice(-3_000)}`);
    }
    await waitForHydration(page);

    let actedAt: number | null = null;
    return {
      page,
      name,
      async mainAction(action) {
        actedAt = Date.now();
        await action();
      },
      async navigateFromAdminMenu(label) {
        // The whole label: "Shipments" must not also find "Inbound shipments".
        await page.locator("ui-nav-menu a").getByText(label, { exact: true }).dispatchEvent("shopify:navigate");
      },
      allowConsoleError(pattern, why) {
        allowed.push({ pattern, why });
      },
      async audit() {
        record.audited = true;
        mkdirSync(RESULTS_DIR, { recursive: true });
        const screenshot = path.join(RESULTS_DIR, `${slug(name)}.png`);
        await page.screenshot({ path: screenshot, fullPage: true, animations: "disabled", caret: "hide" });

        const found = await runAxe(page);
        const severe = found.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
        const minorViolations = found
          .filter((violation) => !severe.includes(violation))
          .map((violation) => `${violation.id} (${violation.impact})`);

        // INP reaches web-vitals when the browser is idle after the interaction's next paint.
        const vitals = await readVitals(page, actedAt !== null);
        const report: PageReport = {
          name,
          path: new URL(page.url()).pathname,
          lcpMs: vitals.lcp,
          cls: vitals.cls,
          inpMs: vitals.inp,
          minorViolations,
          screenshot,
        };
        const over = [
          vitals.lcp !== null && vitals.lcp >= LCP_TARGET_MS ? `LCP over ${LCP_TARGET_MS}ms` : null,
          vitals.inp !== null && vitals.inp >= INP_TARGET_MS ? `INP over ${INP_TARGET_MS}ms` : null,
        ].filter(Boolean);
        console.log(
          `VITALS ${name} LCP ${ms(vitals.lcp)} CLS ${vitals.cls.toFixed(3)} INP ${ms(vitals.inp)}${over.length > 0 ? ` (target missed: ${over.join(", ")})` : ""}`,
        );
        if (minorViolations.length > 0) console.log(`AXE ${name} minor or moderate: ${minorViolations.join(", ")}`);
        appendFileSync(
          VITALS_FILE,
          `${JSON.stringify({ at: new Date().toISOString(), page: name, path: report.path, ttfbMs: round(vitals.ttfb), fcpMs: round(vitals.fcp), lcpMs: round(vitals.lcp), cls: Number(vitals.cls.toFixed(4)), inpMs: round(vitals.inp), chromium: b.version() })}\n`,
        );

        const failures: string[] = [];
        if (severe.length > 0) failures.push(`axe found ${severe.length} serious or critical violation(s):\n${formatViolations(severe)}`);
        const pageCls = pageLayoutShift(vitals.shifts);
        if (pageCls > MAX_CLS) {
          const shifts = vitals.shifts
            .filter((shift) => !shift.hadRecentInput)
            .map((shift) => `  ${shift.value.toFixed(4)} at ${shift.at}ms${shift.overlay ? " (overlay)" : ""}: ${shift.moved.join("; ")}`)
            .join("\n");
          failures.push(`CLS ${pageCls.toFixed(3)} of the page's layout is over ${MAX_CLS}; the shifts:\n${shifts}`);
        }
        if (failures.length > 0) throw new Error(`${name} (screenshot ${screenshot}):\n${failures.join("\n")}`);
        return report;
      },
    };
  }

  return { stack: currentStack, browser: currentBrowser, openAdminPage };
}

const round = (value: number | null) => (value === null ? null : Math.round(value));

/** Starts Chromium as the browser tests do (offline, headless, Debian's build). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS, timeout: 30_000 });
}

/** A browser context as the admin's frame opens the app: an ordinary Chrome's user agent, the test viewport, English, UTC. */
function adminContext(b: Browser) {
  return b.newContext({ userAgent: chromeUserAgent(b), viewport: VIEWPORT, deviceScaleFactor: 1, locale: "en-US", timezoneId: "UTC" });
}

/**
 * One load of `pagePath` as openAdminPage loads it (the same context, probes and App Bridge's
 * part), without the test's checks: its LCP once hydrated, for bench:admin. The context is closed.
 */
export async function measureAdminLoad(
  b: Browser,
  s: TestStack,
  pagePath: string,
): Promise<{ lcpMs: number | null; ttfbMs: number | null }> {
  const context = await adminContext(b);
  context.setDefaultTimeout(60_000);
  try {
    await context.addInitScript({ content: VITALS_PROBE });
    await context.addInitScript({ content: APP_BRIDGE_ELEMENTS });
    await context.route(new RegExp(`^${escapeRegExp(new URL(s.appUrl).origin)}/(?!assets/)`), (route) => authorizeLikeAppBridge(route, s));
    const page = await context.newPage();
    const response = await page.goto(embeddedUrl(s, pagePath).href, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${pagePath} answered ${response?.status() ?? "nothing"}`);
    await waitForHydration(page);
    const vitals = await readVitals(page, false);
    return { lcpMs: vitals.lcp, ttfbMs: vitals.ttfb };
  } finally {
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  }
}

/** `pagePath` as the embedded admin loads it: embedded=1, shop, host and a fresh session token (id_token). */
function embeddedUrl(s: TestStack, pagePath: string): URL {
  const url = new URL(pagePath, s.appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", s.shop);
  url.searchParams.set("host", Buffer.from(`admin.shopify.com/store/${s.shop.replace(".myshopify.com", "")}`).toString("base64url"));
  url.searchParams.set("id_token", sessionToken(s.shop, s.apiKey, s.apiSecret));
  return url;
}

/**
 * In Shopify's admin, App Bridge wraps the page's `fetch` and adds `Authorization: Bearer <session
 * token>` (a fresh token, minted by the admin) to each request to the app's own origin; the app's
 * Remix navigations and form posts are such fetches. Without App Bridge they go out bare, and
 * `authenticate.admin` answers a request with neither a token header nor the admin's query
 * (shop, host, id_token) by sending it to /auth/login: the page would leave for the login form at
 * its first client-side navigation or form post. So the test does App Bridge's part here, on the
 * same requests (fetches to the app's origin, fresh token each time) and no others: document
 * loads keep authenticating by their id_token query, as in the admin, so a page that did a full
 * document navigation without it would show it. Their answers are held until LATE_ANSWER_MS.
 * An answer 401 with `X-Shopify-API-Request-Failure-Reauthorize-Url` (what the library's
 * `redirect(url, { target: "_top" })` sends a fetch) is App Bridge's to follow: the top window goes
 * to that address, and the page's request ends with the page.
 */
async function authorizeLikeAppBridge(route: Route, s: TestStack): Promise<void> {
  const request = route.request();
  const type = request.resourceType();
  if (type !== "fetch" && type !== "xhr") return route.continue();
  const response = await route.fetch({
    headers: { ...request.headers(), authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` },
    maxRedirects: 0,
  });
  const topWindowTo = response.headers()["x-shopify-api-request-failure-reauthorize-url"];
  if (response.status() === 401 && topWindowTo !== undefined) {
    // Not answered: the navigation ends the page, and its pending request with it (as in the admin).
    await request
      .frame()
      .evaluate((address) => void window.open(address, "_top"), topWindowTo)
      .catch(() => {});
    return;
  }
  // The page's clock is this machine's: Date.now() in both.
  const lastInputAt = await request
    .frame()
    .evaluate(() => (window as unknown as { __browserTestVitals?: PageVitals }).__browserTestVitals?.lastInputAt ?? 0)
    .catch(() => 0);
  const early = lastInputAt + LATE_ANSWER_MS - Date.now();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
  await route.fulfill({ response });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * True once React has hydrated the document: React sets its props on a host element when it
 * hydrates it, and <html> (root.tsx renders it) is the last to complete before the commit. A click
 * before that would be a native form post or link, outside Remix.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps$")), undefined, {
    polling: 20,
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)}: ${(node.failureSummary ?? "").replace(/\s+/g, " ")}`)
          .join("\n") +
        (violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : ""),
    )
    .join("\n");
}

async function readVitals(page: Page, interacted: boolean): Promise<PageVitals> {
  const read = () => page.evaluate(() => (window as unknown as { __browserTestVitals: PageVitals }).__browserTestVitals);
  const deadline = Date.now() + 3_000;
  let vitals = await read();
  while ((vitals.lcp === null || (interacted && vitals.inp === null)) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    vitals = await read();
  }
  return vitals;
}

/** The contextual save bar's button (`Save` or `Discard`), once the page has shown the bar. */
export function saveBarButton(page: Page, name: string): Locator {
  return page.locator("ui-save-bar[data-shown]").getByRole("button", { name, exact: true });
}

/** Waits for `locator` to be visible, with the page's text in the message when it is not. */
export async function expectVisible(locator: Locator, timeoutMs = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: "visible", timeout: timeoutMs });
  } catch (error) {
    const text = await locator
      .page()
      .locator("body")
      .innerText()
      .catch(() => "(unreadable)");
    throw new Error(`Not visible: ${String(locator)}\n--- the page (${locator.page().url()}) reads ---\n${text.slice(0, 3_000)}`, {
      cause: error,
    });
  }
}
