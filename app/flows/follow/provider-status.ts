/**
 * What a provider status record (operation 8 for drop-ship, 15 for outbound) means for a shipment:
 * still being created, created with a tracking number, or refused with a reason put in words a
 * merchant can act on. Pure.
 */
import type { DropshipStatusRecord, FailureReason, OutboundStatusRecord } from "~/fulfilment";
import { said as saidIn, type ReasonSay } from "~/lib/words/reason-said";

export type StatusRecord = DropshipStatusRecord | OutboundStatusRecord;

export interface CreatedPackage {
  trackingNumber: string;
  /** ShippingProvider: the carrier as the provider names it ("UPS", "DHL eCommerce"). */
  carrier: string | null;
  /**
   * False while the provider may still replace the number (DESIGN.md section 6). Absent means the
   * provider did not say; the number is then taken as final, as no later answer would replace it.
   */
  isFinal: boolean;
  svcPackageId: string | null;
  /** The package's other parcels (drop-ship: ExtraTrackNumber), besides trackingNumber. */
  otherNumbers: string[];
}

export interface CreationFailure {
  /** The provider's ReasonCode (DestinationNotServed, InsufficientStock, ...), or CreateFailed. */
  code: string;
  /** For the merchant: what went wrong, what the provider suggests, and what to do. */
  message: string;
  /** The sentence `message` is made from, for the admin to say it in the merchant's language. */
  say: ReasonSay;
  /** What the provider said (ReasonText and ExtendMessage as sentences), without the advice. */
  said: string;
  reason: FailureReason | null;
  /** The same failure when the shop hands such packages back to Shopify and Shopify closed it. */
  handedBack: { message: string; say: ReasonSay };
}

export type StatusOutcome =
  | { kind: "creating"; handleStatus: string | null }
  | { kind: "created"; created: CreatedPackage; handleStatus: string | null }
  | { kind: "failed"; failure: CreationFailure; handleStatus: string | null };

function failureReasonOf(record: StatusRecord): FailureReason | null {
  if ("UnShippedReason" in record && record.UnShippedReason) return record.UnShippedReason;
  if ("CreateFailedReason" in record && record.CreateFailedReason) return record.CreateFailedReason;
  return null;
}

/** "Service US01-STD does not deliver to CA. Services that deliver to CA: US01-EXP, US01-INT. Choose ..." */
export function creationFailureOf(reason: FailureReason | null): CreationFailure {
  const code = reason?.ReasonCode?.trim() || "CreateFailed";
  const sentences = [reason?.ReasonText, reason?.ExtendMessage]
    .map((text) => text?.trim())
    .filter((text): text is string => Boolean(text))
    .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`));
  const said = sentences.length > 0 ? sentences.join(" ") : "The provider did not say why.";
  // The advice for each ReasonCode, and the words for a provider that gave no reason, are the catalogue's.
  const providerSaid = sentences.join(" ");
  return {
    code,
    ...saidIn("creationFailed", providerSaid, code),
    said,
    reason,
    handedBack: saidIn("creationFailedHandedBack", providerSaid),
  };
}

/**
 * The other parcels' tracking numbers: drop-ship records list them in ExtraTrackNumber (one text;
 * the reference gives no format, so commas, semicolons and spaces all separate), outbound records
 * have no such field.
 */
export function otherTrackingNumbersOf(record: StatusRecord, trackingNumber: string): string[] {
  const extra = "ExtraTrackNumber" in record ? record.ExtraTrackNumber : null;
  if (!extra) return [];
  const numbers = extra.split(/[\s,;|]+/).filter((number) => number !== "" && number !== trackingNumber);
  return [...new Set(numbers)];
}

export function statusOutcomeOf(record: StatusRecord): StatusOutcome {
  const handleStatus = record.HandleStatus ?? null;
  switch (record.Status) {
    case "Created": {
      const trackingNumber = record.TrackingNumber?.trim();
      // Created without a number yet: keep following until the number arrives.
      if (!trackingNumber) return { kind: "creating", handleStatus };
      return {
        kind: "created",
        handleStatus,
        created: {
          trackingNumber,
          carrier: record.ShippingProvider?.trim() || null,
          isFinal: record.IsFinalTrackingNumber ?? true,
          svcPackageId: record.SvcPackageId ?? null,
          otherNumbers: otherTrackingNumbersOf(record, trackingNumber),
        },
      };
    }
    case "CreateFailed":
      return { kind: "failed", handleStatus, failure: creationFailureOf(failureReasonOf(record)) };
    default:
      // "Creating", and any status the reference does not list yet.
      return { kind: "creating", handleStatus };
  }
}
