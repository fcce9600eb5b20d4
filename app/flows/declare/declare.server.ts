/**
 * Correcting a drop-ship package's customs declaration from the shipment page (operation 10,
 * `directExpressOrders/declare`), instead of editing the order in Shopify. Only while the provider
 * has the package and has not shipped it: the app's state says whether it was accepted, and the
 * provider's own status (operation 17) whether it has left. The form starts from the last
 * declaration sent, else from the package as it was sent; what changed, when and the provider's
 * answer go on the timeline, a refusal in words the merchant can act on.
 */
import type { Shipment } from "@prisma/client";
import { z } from "zod";
import {
  DeclaredCustoms,
  declaredOfPackage,
  declarationFieldLabel,
  declarationLineSku,
  declarationValuesOf,
  formFieldOfProviderField,
  readDeclaration,
  type DeclarationChange,
  type DeclarationFieldError,
  type DeclarationValues,
} from "~/connector/declaration";
import { decodePackageRequest } from "~/connector";
import type { ProviderFailure } from "~/connector/provider-problem";
import { type DropshipPackage, ProviderError, ProviderNotFoundError, ProviderValidationError } from "~/fulfilment";
import type { Database } from "~/stores/database/database.server";
import { recordShipmentEvent } from "~/stores/shipments/shipment.server";
import type { PipelineDeps } from "../ports/deps";
import { en, type Words } from "~/lib/words/en";
import type { NestedSaid, NestedSay } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

export type DeclarationPage = { allowed: true; values: DeclarationValues; lastDeclaredAt: string | null } | { allowed: false; why: string };

/**
 * What sending the declaration came to: `message` in English with `say` to say it again in the
 * merchant's language, or (why the package cannot be declared now) already in the page's words.
 */
export type DeclareAnswer = (
  | { outcome: "declared"; errors: [] }
  /** The form has fields to fix: nothing was sent. */
  | { outcome: "invalid"; errors: DeclarationFieldError[] }
  /** The provider refused it, or the package may not be declared now. */
  | { outcome: "refused"; errors: DeclarationFieldError[] }
) & { message: string; say?: NestedSay };

/** The answer, and the provider's failure when it could not be reached: the page says it in the admin's words (connector/provider-problem.ts). */
export type DeclareOutcome = DeclareAnswer & { failure?: ProviderFailure };

/** The provider's HandleStatus of a package still at its handling location. */
const NOT_SHIPPED = new Set(["Initial", "Submitted", "Examined"]);

/** Why the page offers no declaration form for this shipment, if it does not, in the admin's words (English unless given). */
export function whyNotDeclarable(
  shipment: Pick<Shipment, "kind" | "state" | "requestSent">,
  page: Words["shipmentPage"] = en.shipmentPage,
): string | undefined {
  if (shipment.kind !== "DROPSHIP") return page.notDropShip;
  if (shipment.state === "HELD" || shipment.state === "READY") return page.notAtProviderYet;
  if (shipment.state === "FAILED") return page.notCreated;
  // Past these the parcel has left: SUBMITTED, CREATED and FULFILLED are accepted and may not have.
  const state = shipment.state;
  if (state === "DELIVERED" || state === "CANCELLED" || state === "ENDED") return page.pastChanging(page.pastStates[state]);
  if (shipment.requestSent === null) return page.recipientErased;
  return undefined;
}

function sentPackage(shipment: Shipment): DropshipPackage | undefined {
  if (shipment.requestSent === null) return undefined;
  const decoded = decodePackageRequest("DROPSHIP", shipment.requestSent);
  return decoded.success && decoded.data.kind === "DROPSHIP" ? decoded.data.body : undefined;
}

/** A "declared" timeline entry's data: JSON text with the declaration it sent. */
const DeclaredEvent = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.object({ declared: DeclaredCustoms }));

/** The last declaration the provider accepted, and when; undefined when none was sent. */
async function lastDeclared(db: Database, shipmentId: string): Promise<{ declared: DeclaredCustoms; at: Date } | undefined> {
  const event = await db.shipmentEvent.findFirst({ where: { shipmentId, type: "declared" }, orderBy: { createdAt: "desc" } });
  if (event?.data == null) return undefined;
  const parsed = DeclaredEvent.safeParse(event.data);
  return parsed.success ? { declared: parsed.data.declared, at: event.createdAt } : undefined;
}

async function baseOf(db: Database, shipment: Shipment, pkg: DropshipPackage) {
  const last = await lastDeclared(db, shipment.id);
  return { base: last?.declared ?? declaredOfPackage(pkg), at: last?.at ?? null };
}

/** What the shipment page shows: the form and its starting values, or why there is none. */
export async function declarationForPage(
  db: Database,
  shop: string,
  id: string,
  words: Words["shipmentPage"] = en.shipmentPage,
): Promise<DeclarationPage | null> {
  const shipment = await db.shipment.findFirst({ where: { id, shop } });
  if (shipment === null) return null;
  const why = whyNotDeclarable(shipment, words);
  if (why !== undefined) return { allowed: false, why };
  const pkg = sentPackage(shipment);
  if (pkg === undefined) return { allowed: false, why: words.storedNotAcceptable };
  const { base, at } = await baseOf(db, shipment, pkg);
  return { allowed: true, values: declarationValuesOf(base), lastDeclaredAt: at?.toISOString() ?? null };
}

const refused = (why: NestedSaid | string, errors: DeclarationFieldError[] = []): DeclareOutcome =>
  typeof why === "string" ? { outcome: "refused", message: why, errors } : { outcome: "refused", ...why, errors };

/** The changes as one sentence, each said in the merchant's language ("weight (g) 700 → 720; …"). */
function changesSaid(changed: readonly DeclarationChange[]): NestedSaid {
  const said = changed.map((change) =>
    change.sku === null
      ? timelineSaid("declarationChange", change.field, change.from, change.to)
      : timelineSaid("declarationLineChange", change.sku, change.field, change.from, change.to),
  );
  const [first, ...rest] = said;
  if (first === undefined) return timelineSaid("declarationUnchanged");
  return rest.reduce((together, next) => timelineSaid("alsoChanged", together, next), first);
}

/** The provider's named fields as the form's, where the form has them. */
function providerErrors(error: ProviderValidationError, lines: readonly { sku: string }[]): DeclarationFieldError[] {
  return error.errors.map((detail) => {
    const field = formFieldOfProviderField(detail.code) ?? detail.code;
    return { field, label: declarationFieldLabel(field, lines), sku: declarationLineSku(field, lines), message: detail.message };
  });
}

export async function declareShipment(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  id: string,
  values: DeclarationValues,
  page: Words["shipmentPage"] = en.shipmentPage,
): Promise<DeclareOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id, shop } });
  if (shipment === null) return refused(timelineSaid("noSuchShipment"));
  const why = whyNotDeclarable(shipment, page);
  if (why !== undefined) return refused(why);
  const pkg = sentPackage(shipment);
  if (pkg === undefined) return refused(page.storedNotAcceptable);

  const { base } = await baseOf(db, shipment, pkg);
  const reading = readDeclaration(values, base, pkg, { serviceCode: shipment.serviceCode, trackingNumber: shipment.trackingNumber });
  if (!reading.ok) return { outcome: "invalid", ...timelineSaid("declarationFixFields"), errors: reading.errors };

  const lines = base.Skus.map((line) => ({ sku: line.Sku }));
  const provider = await deps.provider(shop);
  const changed = changesSaid(reading.changed);
  const refuse = async (why: NestedSaid, received: Record<string, unknown>, errors: DeclarationFieldError[] = []) => {
    await recordShipmentEvent(db, shipment.id, {
      type: "declaration_refused",
      message: why.message,
      data: { operation: "declarePackage", changes: reading.changed, received, say: why.say },
    });
    return refused(why, errors);
  };
  try {
    // The provider's word on whether the parcel has left: the app's state may lag behind it.
    const status = await provider.dropshipStatus({ packageId: shipment.packageId });
    if (status.Status === "CreateFailed") return await refuse(timelineSaid("declarationNotCreated"), { status: status.Status });
    if (status.HandleStatus && !NOT_SHIPPED.has(status.HandleStatus)) {
      return await refuse(timelineSaid("declarationParcelLeft", status.HandleStatus), { handleStatus: status.HandleStatus });
    }
    await provider.declarePackage(reading.request);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) {
      return refuse(timelineSaid("declarationUnknownPackage", shipment.packageId), { status: 404, ticketId: error.ticketId ?? null });
    }
    if (error instanceof ProviderValidationError) {
      const errors = providerErrors(error, lines);
      const named = errors.map((e) => `${e.label}: ${e.message}`).join("; ");
      return refuse(
        timelineSaid("declarationRefused", named || error.message),
        { status: error.status ?? null, ticketId: error.ticketId ?? null, errors: error.errors },
        errors,
      );
    }
    if (error instanceof ProviderError) {
      // Not recorded: nothing was decided; the merchant simply tries again.
      return { ...refused(timelineSaid("declarationProviderUnreachable", error.message)), failure: error };
    }
    throw error;
  }
  const accepted = timelineSaid("declaredAccepted", changed);
  await recordShipmentEvent(db, shipment.id, {
    type: "declared",
    message: accepted.message,
    data: {
      operation: "declarePackage",
      changes: reading.changed,
      declared: reading.declared,
      received: { accepted: true },
      say: accepted.say,
    },
  });
  return { outcome: "declared", ...timelineSaid("declarationSent", changed), errors: [] };
}
