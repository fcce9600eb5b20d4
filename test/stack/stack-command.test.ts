/**
 * `npm run stack` as a user runs it: one process that prints one READY line, serves working URLs,
 * and leaves nothing behind on Ctrl-C.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROJECT_ROOT } from "../../dev/stack/build";
import { parseReadyLine, type StackReady } from "../../dev/stack/ready";
import { waitFor } from "../support/jobs";
import { descendantsOf, isRunning } from "./processes";

const ShopName = z.object({ data: z.object({ shop: z.object({ name: z.string() }) }) });

interface RunningStack {
  process: ChildProcessByStdio<null, Readable, Readable>;
  ready: StackReady;
  stdoutLines: string[];
  /** What it has written on stderr so far. */
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDirs: string[] = [];

/** Runs dev/stack.ts as `npm run stack` does (without npm's banner) and waits for its READY line. */
async function spawnStack(flags: readonly string[] = []): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "connector-stack-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "dev/stack.ts", "--data-dir", dataDir, "--quiet", ...flags], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const stdoutLines: string[] = [];
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      stdoutLines.push(line);
      if (stdoutLines.length === 1) resolve(line);
    });
    void exit.then(({ code }) => reject(new Error(`The stack exited (${code}) before READY:\n${stderr}`)));
  });
  return { process: child, ready: parseReadyLine(await firstLine), stdoutLines, stderr: () => stderr, exit };
}

async function kill(stack: RunningStack | undefined): Promise<void> {
  if (!stack || stack.process.exitCode !== null || stack.process.signalCode !== null) return;
  stack.process.kill("SIGKILL");
  await stack.exit;
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function graphql(url: string, token: string, headers: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token, ...headers },
    body: JSON.stringify({ query: "{ shop { name } }" }),
  });
}

function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("npm run stack", () => {
  let stack: RunningStack;
  beforeAll(async () => {
    stack = await spawnStack();
  }, 360_000); // the stack's own setup may take up to 300 s on a busy machine (dev/stack/merchant-setup.ts)
  afterAll(() => kill(stack));

  it("prints one line on stdout, READY with loopback URLs, the demo shop and its token", () => {
    expect(stack.stdoutLines).toHaveLength(1);
    const { appUrl, sandboxUrl, shopifyUrl, shop } = stack.ready;
    for (const url of [appUrl, sandboxUrl, shopifyUrl]) expect(new URL(url).hostname).toBe("127.0.0.1");
    expect(shop).toBe("demo-shop.myshopify.com");
  });

  it("serves the sandbox and the app at the URLs it printed", async () => {
    const { appUrl, sandboxUrl } = stack.ready;
    expect(await (await fetch(`${sandboxUrl}/__sandbox/health`)).json()).toEqual({ ok: true });
    // The landing page's loader data (a data request: no page render to wait for at stop).
    const landing = await fetch(`${appUrl}/?_data=routes%2F_index`);
    expect(landing.status).toBe(200);
    expect(await landing.json()).toEqual({ showForm: true, locale: "en" });
  });

  it("answers the shop's name over Admin GraphQL with the printed token, addressed by header or by path", async () => {
    const { shopifyUrl, shop, accessToken } = stack.ready;
    const byHeader = await graphql(`${shopifyUrl}/admin/api/2026-10/graphql.json`, accessToken, { "X-Shopify-Shop-Domain": shop });
    expect(ShopName.parse(await byHeader.json()).data.shop.name).toBe("Northfield Goods");
    const byPath = await graphql(`${shopifyUrl}/shops/${shop}/admin/api/2026-10/graphql.json`, accessToken, {});
    expect(ShopName.parse(await byPath.json()).data.shop.name).toBe("Northfield Goods");
    // With one shop, the token alone addresses it (DESIGN.md section 7).
    const byToken = await graphql(`${shopifyUrl}/admin/api/2026-10/graphql.json`, accessToken, {});
    expect(ShopName.parse(await byToken.json()).data.shop.name).toBe("Northfield Goods");
  });

  it(
    "takes an order posted with the token alone to a warehouse, and fulfils it with tracking: the shop was set up through the app",
    { timeout: 60_000 },
    async () => {
      const { shopifyUrl, accessToken } = stack.ready;
      const order = {
        email: "ana.lima@example.com",
        currency: "USD",
        line_items: [
          { sku: "MUG-CER-350-WHT", title: "Ceramic mug 350 ml, white", quantity: 1, price: "16.00", grams: 420, requires_shipping: true },
        ],
        shipping_address: {
          first_name: "Ana",
          last_name: "Lima",
          address1: "500 Terry Francine St",
          city: "San Francisco",
          province_code: "CA",
          zip: "94158",
          country_code: "US",
          phone: "+14155550100",
        },
      };
      const placed = await fetch(`${shopifyUrl}/__emulator/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify(order),
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const { order: created } = z.object({ order: z.object({ admin_graphql_api_id: z.string() }) }).parse(await placed.json());
      const Fulfilled = z.object({
        data: z.object({
          order: z.object({
            fulfillments: z.array(
              z.object({
                trackingInfo: z.array(z.object({ number: z.string().nullable() })),
                location: z.object({ name: z.string() }).nullable(),
              }),
            ),
          }),
        }),
      });
      const fulfilment = await waitFor(
        async () => {
          const response = await fetch(`${shopifyUrl}/admin/api/2026-10/graphql.json`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
            body: JSON.stringify({
              query: `{ order(id: "${created.admin_graphql_api_id}") { fulfillments { trackingInfo { number } location { name } } } }`,
            }),
          });
          return Fulfilled.parse(await response.json()).data.order.fulfillments[0];
        },
        { timeoutMs: 45_000, intervalMs: 500, what: "the order's fulfilment" },
      );
      expect(fulfilment.trackingInfo[0]?.number).toMatch(/\w{8,}/);
      expect(fulfilment.location?.name).toBe("Fulfilment warehouse US01");
    },
  );

  it("stops every process it started on SIGINT, and exits 0", { timeout: 30_000 }, async () => {
    const children = descendantsOf(stack.process.pid ?? 0);
    // At least the app server and the worker (tsx may add its esbuild service).
    expect(children.length).toBeGreaterThanOrEqual(2);

    stack.process.kill("SIGINT");
    expect(await stack.exit).toEqual({ code: 0, signal: null });
    await waitFor(() => children.every((child) => !isRunning(child)), { timeoutMs: 5_000, what: "the stack's children to be gone" });
    for (const url of [stack.ready.appUrl, stack.ready.sandboxUrl, stack.ready.shopifyUrl]) expect(await accepts(url)).toBe(false);
    expect(stack.stdoutLines).toHaveLength(1);
  });
});

describe("npm run stack, killed with SIGKILL", () => {
  let stack: RunningStack | undefined;
  afterAll(() => kill(stack));

  it("leaves no app or worker behind: they notice their parent is gone and stop", { timeout: 360_000 }, async () => {
    stack = await spawnStack();
    const children = descendantsOf(stack.process.pid ?? 0);
    expect(children.length).toBeGreaterThanOrEqual(2);

    stack.process.kill("SIGKILL");
    await stack.exit;
    await waitFor(() => children.every((child) => !isRunning(child)), { timeoutMs: 10_000, what: "the orphaned children to stop" });
    expect(await accepts(stack.ready.appUrl)).toBe(false);
  });
});

describe("npm run stack --db postgres", () => {
  let stack: RunningStack | undefined;
  afterAll(() => kill(stack));

  // READY means the demo shop was set up through the app, which needs the worker: both ran on it.
  it(
    "runs the app and worker on a PostgreSQL server of its own, migrated (/readyz 200), and on SIGTERM stops it after them and removes its folder",
    { timeout: 360_000 },
    async () => {
      stack = await spawnStack(["--db", "postgres"]);
      expect(stack.stdoutLines).toHaveLength(1);
      const said = /\[stack\] database PostgreSQL (postgresql:\/\/\S+) \(data in (\S+), removed at stop\)/.exec(stack.stderr());
      expect(said, stack.stderr()).not.toBeNull();
      const [, url = "", dataDir = ""] = said ?? [];
      expect(new URL(url).hostname).toBe("127.0.0.1");
      expect(existsSync(dataDir)).toBe(true);
      const commandOf = (pid: number) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8");
        } catch {
          return "";
        }
      };
      const server = descendantsOf(stack.process.pid ?? 0).filter((pid) => commandOf(pid).includes(dataDir));
      expect(server.length).toBeGreaterThanOrEqual(1);

      const readyz = await fetch(`${stack.ready.appUrl}/readyz`);
      expect(readyz.status).toBe(200);
      expect(await readyz.json()).toEqual({ status: "ready" });

      const children = descendantsOf(stack.process.pid ?? 0);
      stack.process.kill("SIGTERM");
      expect(await stack.exit).toEqual({ code: 0, signal: null });
      await waitFor(() => children.every((child) => !isRunning(child)), { timeoutMs: 5_000, what: "the stack's children to be gone" });
      expect(server.every((pid) => !isRunning(pid))).toBe(true);
      expect(existsSync(dataDir)).toBe(false);
      expect(await accepts(url.replace(/^postgresql:/, "http:"))).toBe(false);
      // The app was stopped before the server it used.
      const log = stack.stderr();
      expect(log.indexOf("[stack] stopped app and worker")).toBeGreaterThan(-1);
      expect(log.indexOf("[stack] stopped PostgreSQL")).toBeGreaterThan(log.indexOf("[stack] stopped app and worker"));
    },
  );
});
