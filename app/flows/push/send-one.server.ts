/**
 * Send now: one package a person asks for (the order page block's Send, or its Retry once the
 * package is planned again) goes to the provider at once with the single-package operations
 * (7 `directExpressOrders`, 12 `outboundOrders`) instead of waiting for its warehouse's batch.
 * Exactly once, as the push: the same package and PackageId, claimed under a `push.one` job that
 * sends it again only if the request stops halfway. Why: docs/decisions/0022-single-creation-on-demand.md.
 */
import type { Shipment } from "@prisma/client";
import {
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitedError,
  ProviderResponseError,
  ProviderServerError,
  ProviderValidationError,
  type PackageResult,
} from "~/fulfilment";
import { settlePendingJob } from "~/jobs/enqueue.server";
import { PermanentFailure, type JobContext } from "~/jobs/handler";
import type { Database } from "~/stores/database/database.server";
import {
  claimShipmentForSending,
  recordSendInDoubt,
  releaseSendingClaims,
  type PushTarget,
} from "~/stores/shipments/sending-claims.server";
import { holdReasonsOf, type StoredHoldReason } from "~/stores/shipments/shipment-columns";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort } from "../ports/ports";
import { enqueue } from "../queue/jobs.server";
import { queuePush, queueStatusPoll } from "../queue/stages.server";
import { applyResults, holdRefused, holdUnsendable, prepare, type Prepared, type Sender } from "./push.server";
import { orderBlock } from "~/lib/words/en/order-block";
import { type NestedSaid, saidFrom, saidWithin } from "~/lib/words/reason-said";

/** Longer than one call can take with all its retries (4 × 15 s, backoff, a Retry-After), so the job never races the request. */
export const SEND_ONE_BACKSTOP_MS = 3 * 60_000;

/**
 * Each answer's English `message` and its sentence (`say`, of the catalogue's `orderBlock`; a
 * refusal's may hold a sentence of `jobErrors`), so the order page block says it in the admin's language.
 */
type Said = NestedSaid;
export type SendOneOutcome =
  /** The provider has the package: SUBMITTED, and followed from here as every other. */
  | ({ outcome: "sent" } & Said)
  /** The provider refused it: HELD, with each field it named (each reason keeps its own sentence). */
  | ({ outcome: "held"; reasons: StoredHoldReason[] } & Said)
  /** Not sent now, but it will be (its batch, or the job once the provider answers). */
  | ({ outcome: "queued" } & Said)
  /** Nothing was done; `message` says why. */
  | ({ outcome: "refused" } & Said);

const sendSaid = saidFrom(orderBlock);
const sendSaidWithin = saidWithin(orderBlock);

/** The Message createOne gives a package the provider created now, as the batch's answer names it. */
const CREATED = "created";

const sendOneKey = (shipmentId: string) => `push.one:${shipmentId}`;

const targetOf = (shipment: Shipment): PushTarget | null =>
  shipment.warehouseCode === null ? null : { shop: shipment.shop, kind: shipment.kind, origin: shipment.warehouseCode };

const operationOf = (target: PushTarget) => (target.kind === "OUTBOUND" ? "createOutbound" : "createDropship");

/** The single creation of the package as prepare() built it; its answer in the batch's shape, for applyResults. */
async function createOne(provider: ProviderPort, target: PushTarget, { request }: Prepared): Promise<PackageResult> {
  const { outcome } =
    request.kind === "OUTBOUND"
      ? await provider.createOutbound({ WarehouseId: target.origin, Package: request.body })
      : await provider.createDropship({ Location: target.origin, Package: request.body });
  return {
    PackageId: request.body.PackageId,
    Success: true,
    Message: outcome === "created" ? CREATED : "already known to the provider, nothing changed",
  };
}

type Attempt =
  | { done: true; outcome: SendOneOutcome }
  /** The provider did not answer (5xx, network, timeout, an answer that cannot be read): the claim stays with the job, which sends again. */
  | { done: false; error: unknown };

/** Sends the package claimed by `sender.jobId` and applies the answer, as the push applies a batch's. */
async function sendClaimed(sender: Sender, deps: PipelineDeps, shipment: Shipment): Promise<Attempt> {
  const target = targetOf(shipment);
  const prepared = prepare(shipment);
  if (target === null || prepared === undefined) {
    await holdUnsendable(sender, [shipment]);
    return {
      done: true,
      outcome: { outcome: "held", ...sendSaid("cannotSendAsStored"), reasons: [] },
    };
  }
  let result: PackageResult;
  try {
    result = await createOne(await deps.provider(shipment.shop), target, prepared);
  } catch (error) {
    if (error instanceof ProviderValidationError) {
      await holdRefused(sender, target, prepared, error);
      const held = await sender.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
      return { done: true, outcome: { outcome: "held", ...sendSaid("providerRefused"), reasons: holdReasonsOf(held) } };
    }
    if (error instanceof ProviderServerError || error instanceof ProviderNetworkError || error instanceof ProviderResponseError) {
      await recordSendInDoubt(sender.db, sender.jobId, [shipment.id], deps.now());
      return { done: false, error };
    }
    if (error instanceof ProviderError || error instanceof PermanentFailure) {
      // Refused before the provider looked at the package (busy, not signed in, no connection; the
      // app's wiring says a missing connection as a PermanentFailure):
      // nothing was created, so the batch takes it, and the push's job says what a person must do.
      await releaseSendingClaims(sender.db, sender.jobId, [shipment.id]);
      await queuePush(sender.db, target, deps.now());
      if (error instanceof ProviderRateLimitedError) return { done: true, outcome: { outcome: "queued", ...sendSaid("providerBusy") } };
      // What a person must do about the provider's connection is a sentence of its own; the
      // provider's client's words are quoted as it said them.
      const why = error instanceof PermanentFailure && error.said !== undefined ? error.said : error.message;
      return { done: true, outcome: { outcome: "refused", ...sendSaidWithin("notSent", why) } };
    }
    throw error;
  }
  await applyResults(sender, target, [prepared], [result], operationOf(target));
  await queueStatusPoll(sender.db, shipment.shop, shipment.kind, new Date(deps.now().getTime() + deps.policy.firstStatusPollMs));
  return {
    done: true,
    outcome: {
      outcome: "sent",
      ...(result.Message === CREATED ? sendSaid("sentCreated", shipment.packageId) : sendSaid("sentAlreadyKnown", shipment.packageId)),
    },
  };
}

/** Send now, from a request: the package of a READY shipment of `shop`. */
export async function sendShipmentNow(db: Database, deps: PipelineDeps, shop: string, shipmentId: string): Promise<SendOneOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id: shipmentId, shop } });
  if (shipment === null) return { outcome: "refused", ...sendSaid("noSuchShipment") };
  if (shipment.state !== "READY") return { outcome: "refused", ...sendSaid("onlyWaitingOnes", shipment.state) };
  if (shipment.sendWithdrawnAt !== null) return { outcome: "refused", ...sendSaid("withdrawn") };
  const now = deps.now();
  const backstop = await enqueue(db, {
    kind: "push.one",
    shop,
    payload: { shop, shipmentId },
    dedupeKey: sendOneKey(shipmentId),
    runAt: new Date(now.getTime() + SEND_ONE_BACKSTOP_MS),
  });
  if (!backstop.enqueued) return { outcome: "queued", ...sendSaid("beingSentAlready") };
  const claimed = await claimShipmentForSending(db, shop, shipmentId, {
    jobId: backstop.jobId,
    now,
    graceMs: deps.policy.sendingClaimGraceMs,
  });
  if (claimed === null) {
    await settlePendingJob(db, backstop.jobId, deps.now());
    return { outcome: "queued", ...sendSaid("beingSentWithBatch") };
  }
  const attempt = await sendClaimed({ db, jobId: backstop.jobId }, deps, claimed);
  if (!attempt.done) {
    // Unknown outcome: the job keeps the claim and sends the same PackageId again soon.
    await db.job.updateMany({
      where: { id: backstop.jobId, status: "PENDING" },
      data: { runAt: new Date(deps.now().getTime() + deps.policy.sendingClaimGraceMs) },
    });
    return { outcome: "queued", ...sendSaid("noAnswerSendsAgain") };
  }
  await settlePendingJob(db, backstop.jobId, deps.now());
  return attempt.outcome;
}

/**
 * The `push.one` job: runs only when the request that queued it did not finish (it
 * stopped, or the provider did not answer). Sends the package again if it is still READY and its
 * claim is this job's (or free); otherwise the send was done and there is nothing left to do.
 */
export async function finishSendingOne(ctx: JobContext, deps: PipelineDeps, payload: { shop: string; shipmentId: string }): Promise<void> {
  const claimed = await claimShipmentForSending(ctx.db, payload.shop, payload.shipmentId, {
    jobId: ctx.jobId,
    now: deps.now(),
    graceMs: deps.policy.sendingClaimGraceMs,
  });
  if (claimed === null) return;
  const attempt = await sendClaimed(ctx, deps, claimed);
  // Thrown: the job is retried with backoff, still holding the claim.
  if (!attempt.done) throw attempt.error;
}
