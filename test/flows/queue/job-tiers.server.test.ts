/**
 * The app's tiers (decisions 0058 and 0059): in a sale's backlog, a package's send whose batch may
 * leave runs before the planning of newer orders queued ahead of it, and the carriers' checkpoints
 * wait until neither is due.
 */
import { describe, expect, it } from "vitest";
import { claimDueJobs } from "~/jobs/claim.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { enqueueCoalesced } from "~/flows/queue/jobs.server";
import { queuePush, queueTracking } from "~/flows/queue/stages.server";
import { useTestDatabase } from "../../support/database";

const { db } = useTestDatabase();
const shop = "tiers.myshopify.com";

describe("which due job a worker takes first", () => {
  it("sends a ready batch before planning due for longer, and copies checkpoints last", async () => {
    const now = Date.now();
    const secondsAgo = (seconds: number) => new Date(now - seconds * 1_000);
    await queueTracking(db, shop, secondsAgo(60));
    for (const [index, other] of ["a", "b", "c"].entries())
      await enqueueCoalesced(
        db,
        { kind: "plan.routed", shop: `${other}-${shop}`, payload: {}, triggerId: `event-${other}` },
        secondsAgo(30 - index),
      );
    await queuePush(db, { shop, kind: "DROPSHIP", origin: "gid://shopify/Location/1" }, secondsAgo(1));

    const kinds = Object.keys(jobPayloadSchemas);
    const claim = async () =>
      (await claimDueJobs(db, { kinds, limit: 1, owner: "tiers", leaseMs: 60_000, now: new Date(now + 10_000) })).map(
        (job) => `${job.kind} ${job.shop}`,
      );
    expect(await claim()).toEqual([`push.batch ${shop}`]);
    expect(await claim()).toEqual([`plan.routed a-${shop}`]);
    expect(await claim()).toEqual([`plan.routed b-${shop}`]);
    expect(await claim()).toEqual([`plan.routed c-${shop}`]);
    expect(await claim()).toEqual([`track.checkpoints ${shop}`]);
    expect(await claim()).toEqual([]);
  });
});
