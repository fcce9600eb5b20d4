/**
 * What a supervisor, a load balancer and Prometheus ask a process, answered the same way by the app
 * server (server/serve.mjs, before Remix) and the worker (its health port): `/healthz` (alive),
 * `/readyz` (the database answers, every shipped migration is applied, not draining; else 503 with
 * the reason as JSON; the database's answer is at most READINESS_MAX_AGE_MS old) and `/metrics` (only with `Authorization: Bearer <METRICS_TOKEN>`; 404 while
 * METRICS_TOKEN is unset, so nothing about the traffic is public by default). Unauthenticated apart
 * from /metrics, and none of it says anything of a shop.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { queueDepthByKind } from "~/jobs/depth.server";
import { cachedCheck } from "~/lib/cached-check";
import { log } from "~/lib/log.server";
import { measureQueueWith, metricsText } from "~/metrics/metrics.server";
import { databaseReadiness } from "~/stores/database/readiness.server";

export interface OperationsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

measureQueueWith(() => queueDepthByKind(prisma, new Date()));

/**
 * How old a readiness answer may be: /readyz is unauthenticated, so its callers share one check of
 * the database every few seconds instead of each making a round trip (issue 25).
 */
export const READINESS_MAX_AGE_MS = 2_000;

const readiness = cachedCheck(() => databaseReadiness(prisma, path.resolve(env.MIGRATIONS_DIR)), READINESS_MAX_AGE_MS);

const json = (status: number, value: unknown): OperationsAnswer => ({
  status,
  headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  body: JSON.stringify(value),
});

const digest = (value: string) => createHash("sha256").update(value).digest();

function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  // Compared as digests: the same length whatever was sent, and in constant time.
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** The answer for `pathname`, or undefined when it is none of the three (the app's own routes answer it). */
export async function operationsAnswer(
  pathname: string,
  authorization: string | undefined,
  { draining }: { draining: boolean },
): Promise<OperationsAnswer | undefined> {
  switch (pathname) {
    case "/healthz":
      return json(200, { status: "alive" });
    case "/readyz": {
      if (draining) return json(503, { status: "draining", reason: "Stopping: finishing the work in hand, taking no more" });
      const latest = await readiness();
      if (latest.ready) return json(200, { status: "ready" });
      log.warn({ reason: latest.reason, detail: latest.detail }, "Not ready");
      return json(503, { status: "not ready", reason: latest.reason });
    }
    case "/metrics": {
      if (env.METRICS_TOKEN === undefined) return json(404, { status: "not found" });
      if (!bearerMatches(authorization, env.METRICS_TOKEN)) {
        return {
          ...json(401, { status: "unauthorized", reason: "Send Authorization: Bearer <METRICS_TOKEN>" }),
          headers: { "WWW-Authenticate": "Bearer", "Content-Type": "application/json; charset=utf-8" },
        };
      }
      const { contentType, text } = await metricsText();
      return { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" }, body: text };
    }
    default:
      return undefined;
  }
}

/**
 * The worker's health port: the same three answers; anything else is 404. Resolves once listening
 * (with the port, which a test may have left to the system with 0).
 */
export function startHealthServer({
  port,
  host,
  isDraining,
}: {
  port: number;
  host: string;
  isDraining: () => boolean;
}): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?")[0] ?? "/";
    operationsAnswer(pathname, request.headers.authorization, { draining: isDraining() })
      .then((answer) => answer ?? json(404, { status: "not found" }))
      .catch((error: unknown) => {
        log.error({ err: error }, "The health port could not answer");
        return json(500, { status: "error" });
      })
      .then((answer) => {
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address !== null ? address.port : port });
    });
  });
}
