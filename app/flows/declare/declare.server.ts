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
  declarationValuesOf,
  formFieldOfProviderField,
  readDeclaration,
  type DeclarationFieldError,
  type DeclarationValues,
} from "~/connector/declaration";
import { decodePackageRequest } from "~/connector";
import { type DropshipPackage, ProviderError, ProviderNotFoundError, ProviderValidationError } from "~/fulfilment";
import type { Database } from "~/stores/database/database.server";
import { recordShipmentEvent } from "~/stores/shipments/shipment.server";
import type { PipelineDeps } from "../ports/deps";
import { en, type Words } from "~/lib/words/en";

export type DeclarationPage = { allowed: true; values: DeclarationValues; lastDeclaredAt: string | null } | { allowed: false; why: string };

export type DeclareOutcome =
  | { outcome: "declared"; message: string; errors: [] }
  /** The form has fields to fix: nothing was sent. */
  | { outcome: "invalid"; message: string; errors: DeclarationFieldError[] }
  /** The provider refused it, or the package may not be declared now. */
  | { outcome: "refused"; message: string; errors: DeclarationFieldError[] };

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

const refused = (message: string, errors: DeclarationFieldError[] = []): DeclareOutcome => ({ outcome: "refused", message, errors });

/** The provider's named fields as the form's, where the form has them. */
function providerErrors(error: ProviderValidationError, lines: readonly { sku: string }[]): DeclarationFieldError[] {
  return error.errors.map((detail) => {
    const field = formFieldOfProviderField(detail.code) ?? detail.code;
    return { field, label: declarationFieldLabel(field, lines), message: detail.message };
  });
}

export async function declareShipment(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  id: string,
  values: DeclarationValues,
): Promise<DeclareOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id, shop } });
  if (shipment === null) return refused("No such shipment in this shop.");
  const why = whyNotDeclarable(shipment);
  if (why !== undefined) return refused(why);
  const pkg = sentPackage(shipment);
  if (pkg === undefined) return refused(en.shipmentPage.storedNotAcceptable);

  const { base } = await baseOf(db, shipment, pkg);
  const reading = readDeclaration(values, base, pkg, { serviceCode: shipment.serviceCode, trackingNumber: shipment.trackingNumber });
  if (!reading.ok)
    return {
      outcome: "invalid",
      message: "Nothing was sent: correct the fields below, then send the declaration again.",
      errors: reading.errors,
    };

  const lines = base.Skus.map((line) => ({ sku: line.Sku }));
  const provider = await deps.provider(shop);
  const changed = reading.changes.length === 0 ? "nothing changed (sent again as it was)" : reading.changes.join("; ");
  const refuse = async (message: string, received: Record<string, unknown>, errors: DeclarationFieldError[] = []) => {
    await recordShipmentEvent(db, shipment.id, {
      type: "declaration_refused",
      message,
      data: { operation: "declarePackage", changes: reading.changes, received },
    });
    return refused(message, errors);
  };
  try {
    // The provider's word on whether the parcel has left: the app's state may lag behind it.
    const status = await provider.dropshipStatus({ packageId: shipment.packageId });
    if (status.Status === "CreateFailed")
      return await refuse("The provider could not create this package, so it has nothing to declare: fix it and retry.", {
        status: status.Status,
      });
    if (status.HandleStatus && !NOT_SHIPPED.has(status.HandleStatus)) {
      return await refuse(
        `Not sent: the provider reports the parcel as ${status.HandleStatus}, so its customs declaration can no longer be changed.`,
        { handleStatus: status.HandleStatus },
      );
    }
    await provider.declarePackage(reading.request);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) {
      return refuse(
        `The provider does not know package ${shipment.packageId}, so it refused the declaration. Refresh the shipment from the provider; if it was never created there, retry the order.`,
        { status: 404, ticketId: error.ticketId ?? null },
      );
    }
    if (error instanceof ProviderValidationError) {
      const errors = providerErrors(error, lines);
      const named = errors.map((e) => `${e.label}: ${e.message}`).join("; ");
      return refuse(
        `The provider refused the declaration: ${named || error.message}. Correct it and send again.`,
        { status: error.status ?? null, ticketId: error.ticketId ?? null, errors: error.errors },
        errors,
      );
    }
    if (error instanceof ProviderError) {
      // Not recorded: nothing was decided; the merchant simply tries again.
      return refused(`The provider could not be reached just now (${error.message}). Nothing changed: try again in a moment.`);
    }
    throw error;
  }
  await recordShipmentEvent(db, shipment.id, {
    type: "declared",
    message: `Customs declaration sent to the provider and accepted: ${changed}.`,
    data: { operation: "declarePackage", changes: reading.changes, declared: reading.declared, received: { accepted: true } },
  });
  return { outcome: "declared", message: `Declaration sent: the provider accepted it (${changed}).`, errors: [] };
}
