/**
 * Push: READY shipments of one warehouse (outbound) or one handling location (drop-ship) go to the
 * provider in `/multiple` requests of at most 20, and each package's answer is applied on its own:
 * accepted (also "already known; nothing changed", our own earlier send) → SUBMITTED; refused → HELD
 * with the provider's words. The PackageId is the fulfillment order's, so sending again after a crash
 * or a lost answer never makes a second parcel (docs/decisions/0007-pipeline-exactly-once.md). Heavy
 * drop-ship packages go box by box (sendBoxed).
 */
import type { Shipment } from "@prisma/client";
import { asNewOrder, boxedRequest, boxesFor, decodePackageRequest, type PackageRequest } from "~/connector";
import {
  type DropshipContainer,
  type DropshipPackage,
  OutboundPackage,
  ProviderRateLimitedError,
  ProviderValidationError,
  type PackageResult,
} from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import {
  CLAIM_RELEASED,
  claimReadyShipments,
  countReady,
  readyBacklog,
  recordSendInDoubt,
  releaseSendingClaims,
  SEND_ANSWERED,
  type PushTarget,
} from "~/stores/shipments/sending-claims.server";
import { countInState } from "~/stores/shipments/shipments-in-state.server";
import { said, type NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";
import { heldChanges } from "~/stores/shipments/shipment-columns";
import { transition, transitionEach, type ShipmentMove } from "~/stores/shipments/shipment.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { PipelineDeps } from "../ports/deps";
import { forQueue } from "../ports/errors";
import type { ProviderPort } from "../ports/ports";
import { isPlanningUnderWay, queuePush, queueStatusPoll } from "../queue/stages.server";

type Package = OutboundPackage | DropshipPackage;

export type Prepared = { shipment: Shipment; request: PackageRequest; pkg: Package };

/** Who sends: the push job, or the job that backs a package a person sends now (send-one.server.ts). Its id holds the sending claim. */
export type Sender = Pick<JobContext, "db" | "jobId">;

/** The stored request, as it is sent now (a resend after a fix asks for a new provider order). */
export function prepare(shipment: Shipment): Prepared | undefined {
  if (shipment.requestSent === null) return undefined;
  const decoded = decodePackageRequest(shipment.kind, shipment.requestSent);
  if (!decoded.success) return undefined;
  const request = shipment.resendAsNew ? asNewOrder(decoded.data) : decoded.data;
  return { shipment, request, pkg: request.body };
}

/** What the timeline keeps of a sent package: no address, no personal data (it outlives redaction). */
function sentSummary(pkg: Package, origin: string) {
  return {
    origin,
    packageId: pkg.PackageId,
    serviceCode: pkg.ServiceCode ?? null,
    destinationCountry: pkg.ShipToAddress.Country ?? null,
    skus: pkg.Skus.map((line) => ({ sku: line.Sku, quantity: line.Quantity })),
    isCreateNewOrder: pkg.IsCreateNewOrder ?? false,
  };
}

async function createBatch(provider: ProviderPort, target: PushTarget, prepared: readonly Prepared[]): Promise<PackageResult[]> {
  if (target.kind === "OUTBOUND") {
    const packages = prepared.flatMap(({ request }) => (request.kind === "OUTBOUND" ? [request.body] : []));
    return (await provider.createOutboundBatch({ WarehouseId: target.origin, Packages: packages })).result;
  }
  const packages = prepared.flatMap(({ request }) => (request.kind === "DROPSHIP" ? [request.body] : []));
  return (await provider.createDropshipBatch({ Location: target.origin, Packages: packages })).result;
}

/** A send the provider accepted: one more attempt, and nothing from before stands against it any more. */
const SENT_AND_ACCEPTED = {
  ...SEND_ANSWERED,
  attempts: { increment: 1 },
  resendAsNew: false,
  lastErrorCode: null,
  lastErrorText: null,
  lastErrorSay: null,
  holdReasons: null,
} as const;

/** The timeline's "sent" event: its sentence, and what was sent and answered for support. */
const sentEvent = (sent: NestedSaid, data: Record<string, unknown>) =>
  ({ type: "sent", message: sent.message, data: { ...data, say: sent.say } }) as const;

/** Holds shipments whose package cannot be sent as stored (redacted, or from an older version). */
export async function holdUnsendable(ctx: Sender, shipments: Shipment[]): Promise<void> {
  for (const shipment of shipments) {
    const reason = { field: "Package", ...(shipment.requestSent === null ? said("recipientErased") : said("storedNotAcceptable")) };
    await transition(
      ctx.db,
      shipment,
      "HELD",
      { type: "held", message: reason.message, data: { say: reason.say } },
      { ...heldChanges("UNSENDABLE", [reason]), ...CLAIM_RELEASED },
    );
  }
}

/**
 * Applies each package's answer: accepted → SUBMITTED, refused → HELD, missing → stays READY. All
 * in one transaction of a few statements (transitionEach), whatever the batch's size.
 */
export async function applyResults(
  ctx: Sender,
  target: PushTarget,
  prepared: Prepared[],
  results: PackageResult[],
  operation: string,
): Promise<void> {
  const byPackage = new Map(results.map((result) => [result.PackageId, result]));
  const unanswered: string[] = [];
  const moves: ShipmentMove[] = [];
  for (const { shipment, pkg } of prepared) {
    const answer = byPackage.get(shipment.packageId);
    const sent = sentSummary(pkg, target.origin);
    if (answer === undefined) {
      unanswered.push(shipment.id);
      continue;
    }
    const received = { success: answer.Success, message: answer.Message ?? null, errorCode: answer.ErrorCode ?? null };
    if (answer.Success) {
      moves.push({
        shipment,
        to: "SUBMITTED",
        event: sentEvent(
          timelineSaid(
            "sentAccepted",
            target.kind,
            target.origin,
            pkg.ServiceCode ?? "?",
            pkg.IsCreateNewOrder ? 1 : 0,
            answer.Message ?? "",
          ),
          { operation, sent, received },
        ),
        changes: SENT_AND_ACCEPTED,
      });
    } else {
      // The provider's words as it said them, inside our sentence.
      const reason = { field: answer.ErrorCode ?? "Package", ...said("providerRefusedPackage", answer.Message ?? answer.ErrorCode ?? "") };
      moves.push({
        shipment,
        to: "HELD",
        event: { type: "held", message: reason.message, data: { operation, sent, received, say: reason.say } },
        changes: { ...SEND_ANSWERED, attempts: { increment: 1 }, ...heldChanges(answer.ErrorCode ?? "PROVIDER_REFUSED", [reason]) },
      });
    }
  }
  await ctx.db.$transaction(async (tx) => {
    if (unanswered.length > 0) await releaseSendingClaims(tx, ctx.jobId, unanswered);
    await transitionEach(tx, moves);
  });
}

/**
 * Why a refused package is held: each field the provider named, with its words; none named, the
 * refusal said as such (its status and ticket for the provider's support), never the client's English.
 */
export function refusalReasons(error: ProviderValidationError): ({ field: string } & ReturnType<typeof said>)[] {
  const reasons = error.errors.map((detail) => ({ field: detail.code, ...said("providerRefusedField", detail.code, detail.message) }));
  if (reasons.length > 0) return reasons;
  return [
    { field: "Package", ...said("providerRefusedUnnamed", error.status === undefined ? "" : String(error.status), error.ticketId ?? "") },
  ];
}

/** A request the provider (or our check before sending) refused as a whole, for one package: HELD with the fields named. */
export async function holdRefused(
  ctx: Sender,
  target: PushTarget,
  { shipment, pkg }: Prepared,
  error: ProviderValidationError,
): Promise<void> {
  const held = refusalReasons(error);
  // Each refusal one after the other, in the admin's language (no space between Chinese sentences).
  const together = held.reduce<NestedSaid | undefined>(
    (before, reason) => (before === undefined ? reason : timelineSaid("thenSaid", before, reason)),
    undefined,
  );
  await transition(
    ctx.db,
    shipment,
    "HELD",
    {
      type: "held",
      message: together?.message ?? "",
      data: {
        say: together?.say,
        operation: error.operation,
        sent: sentSummary(pkg, target.origin),
        received: { status: error.status ?? null, ticketId: error.ticketId ?? null, errors: error.errors },
      },
    },
    { ...SEND_ANSWERED, ...heldChanges("PROVIDER_REFUSED", held) },
  );
}

async function sendBatch(
  ctx: JobContext,
  deps: PipelineDeps,
  provider: ProviderPort,
  target: PushTarget,
  prepared: Prepared[],
): Promise<void> {
  const operation = target.kind === "OUTBOUND" ? "createOutboundBatch" : "createDropshipBatch";
  let results: PackageResult[];
  try {
    results = await createBatch(provider, target, prepared);
  } catch (error) {
    if (error instanceof ProviderRateLimitedError) {
      // A 429 comes before the provider looks at the batch: nothing was sent, so a cancellation may go ahead.
      await releaseSendingClaims(
        ctx.db,
        ctx.jobId,
        prepared.map((p) => p.shipment.id),
      );
      throw forQueue(error, deps.now(), deps.policy);
    }
    if (error instanceof ProviderValidationError) {
      // One bad package must not hold the others: send them one by one to find it.
      if (prepared.length > 1) {
        for (const one of prepared) await sendBatch(ctx, deps, provider, target, [one]);
        return;
      }
      const [only] = prepared;
      if (only) await holdRefused(ctx, target, only, error);
      return;
    }
    // 5xx, network, timeout: the outcome is unknown. The claims stay, so no cancellation slips in
    // unasked (it asks the provider first, decision 0040); the retry sends the same packages again
    // and the provider answers "not changed".
    await recordSendInDoubt(
      ctx.db,
      ctx.jobId,
      prepared.map((p) => p.shipment.id),
      deps.now(),
    );
    throw error;
  }
  await applyResults(ctx, target, prepared, results, operation);
}

type Boxed = { prepared: Prepared; pkg: DropshipPackage; boxes: DropshipContainer[] };

/**
 * Which packages go box by box: drop-ship ones over the shop's box limit. A resend as a new order
 * after a fix stays in the batch: only there can the provider be asked for a new order
 * (IsCreateNewOrder; operation 6 has no such field).
 */
function splitBoxed(prepared: Prepared[], maxBoxGrams: number | null): { batched: Prepared[]; boxed: Boxed[] } {
  const batched: Prepared[] = [];
  const boxed: Boxed[] = [];
  for (const one of prepared) {
    const boxes =
      one.request.kind === "DROPSHIP" && !one.request.body.IsCreateNewOrder ? boxesFor(one.request.body, maxBoxGrams) : undefined;
    if (one.request.kind === "DROPSHIP" && boxes !== undefined) boxed.push({ prepared: one, pkg: one.request.body, boxes });
    else batched.push(one);
  }
  return { batched, boxed };
}

/**
 * One package box by box (operation 6, decision 0017), for a drop-ship package heavier than the
 * shop's box limit: alone, under the same PackageId and the same rules as the batch. 201 or 200
 * "not changed" → SUBMITTED, refused → HELD, outcome unknown → sent again.
 */
async function sendBoxed(
  ctx: JobContext,
  deps: PipelineDeps,
  provider: ProviderPort,
  target: PushTarget,
  { prepared, pkg, boxes }: Boxed,
): Promise<void> {
  const { shipment } = prepared;
  let outcome: string;
  try {
    ({ outcome } = await provider.createDropshipWithBoxes(boxedRequest(pkg, target.origin, boxes)));
  } catch (error) {
    if (error instanceof ProviderRateLimitedError) {
      await releaseSendingClaims(ctx.db, ctx.jobId, [shipment.id]);
      throw forQueue(error, deps.now(), deps.policy);
    }
    if (error instanceof ProviderValidationError) return holdRefused(ctx, target, prepared, error);
    // Outcome unknown: the claim stays and the retry sends the same PackageId, answered "not changed".
    await recordSendInDoubt(ctx.db, ctx.jobId, [shipment.id], deps.now());
    throw error;
  }
  const sent = {
    ...sentSummary(pkg, target.origin),
    boxes: boxes.map((box) => ({
      grams: box.Weight ?? null,
      skus: box.SkuInfos.map((line) => ({ sku: line.Sku, quantity: line.Quantity })),
    })),
  };
  const inBoxes = timelineSaid(
    "sentInBoxes",
    boxes.length,
    target.kind,
    target.origin,
    pkg.ServiceCode ?? "?",
    outcome === "unchanged" ? 1 : 0,
  );
  await transition(
    ctx.db,
    shipment,
    "SUBMITTED",
    sentEvent(inBoxes, { operation: "createDropshipWithBoxes", sent, received: { outcome } }),
    SENT_AND_ACCEPTED,
  );
}

/** The shop's box limit for drop-ship packages; outbound packages are packed by the warehouse. */
async function boxLimitOf(db: DatabaseOrTransaction, target: PushTarget): Promise<number | null> {
  if (target.kind !== "DROPSHIP") return null;
  return (await getShopSettings(db, target.shop)).dropShip?.maxBoxGrams ?? null;
}

/**
 * When a push should wait for its batch to fill: fewer READY packages than a batch holds, the
 * longest-waiting one's order was placed less than pushGatherMs ago (decision 0051: a package
 * that took long to plan does not wait again), and more may come: one joined less than
 * pushGatherQuietMs ago, or the shop's planning is under way. Null: send now. The planning jobs
 * bring the shop's pushes forward as they finish (plan/handlers.ts), so a batch waiting on them
 * is looked at again when they end.
 */
async function gatheringUntil(db: DatabaseOrTransaction, deps: PipelineDeps, target: PushTarget): Promise<Date | null> {
  const { count, waitingSince, newestReadyAt } = await readyBacklog(db, target);
  if (count === 0 || count >= deps.policy.packagesPerBatch || waitingSince === null || newestReadyAt === null) return null;
  const now = deps.now();
  const atMostUntil = new Date(waitingSince.getTime() + deps.policy.pushGatherMs);
  if (atMostUntil <= now) return null;
  if (await isPlanningUnderWay(db, target.shop, atMostUntil)) return atMostUntil;
  const quietFrom = new Date(newestReadyAt.getTime() + deps.policy.pushGatherQuietMs);
  return quietFrom > now ? (quietFrom < atMostUntil ? quietFrom : atMostUntil) : null;
}

export async function pushShipments(ctx: JobContext, deps: PipelineDeps, target: PushTarget): Promise<void> {
  const provider = await deps.provider(target.shop);
  const maxBoxGrams = await boxLimitOf(ctx.db, target);
  let claimedInLastRound = false;
  for (let round = 0; round < deps.policy.batchesPerPush; round++) {
    // A partial batch waits for more packages (not a claim: a cancellation meanwhile finds the
    // package unsent and simply cancels it). The job is queued again for when it may go.
    if ((await gatheringUntil(ctx.db, deps, target)) !== null) {
      claimedInLastRound = false;
      break;
    }
    const claimed = await claimReadyShipments(
      ctx.db,
      target,
      { jobId: ctx.jobId, now: deps.now(), graceMs: deps.policy.sendingClaimGraceMs },
      deps.policy.packagesPerBatch,
    );
    claimedInLastRound = claimed.length > 0;
    if (claimed.length === 0) break;
    const prepared: Prepared[] = [];
    const unsendable: Shipment[] = [];
    for (const shipment of claimed) {
      const ready = prepare(shipment);
      if (ready) prepared.push(ready);
      else unsendable.push(shipment);
    }
    await holdUnsendable(ctx, unsendable);
    const { batched, boxed } = splitBoxed(prepared, maxBoxGrams);
    if (batched.length > 0) await sendBatch(ctx, deps, provider, target, batched);
    for (const one of boxed) await sendBoxed(ctx, deps, provider, target, one);
  }

  const now = deps.now();
  await ctx.complete(async (tx) => {
    // Checked in the completing transaction: a shipment made READY while this job ran is either
    // seen here, or its producer sees this job DONE and queues it again. Never lost in between.
    if ((await countReady(tx, target)) > 0) {
      const soon = claimedInLastRound ? now : new Date(now.getTime() + deps.policy.sendingClaimGraceMs);
      await queuePush(tx, target, (await gatheringUntil(tx, deps, target)) ?? soon);
    }
    if ((await countInState(tx, target.shop, "SUBMITTED", { kind: target.kind })) > 0) {
      await queueStatusPoll(tx, target.shop, target.kind, new Date(now.getTime() + deps.policy.firstStatusPollMs));
    }
  });
}
