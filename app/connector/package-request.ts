/**
 * What a shipment sends to the provider: its kind's package, typed from planning to the push.
 * The shipment row keeps it as JSON text (Shipment.requestSent); the codecs below are the one way
 * between the two, so the text is parsed once, with the kind's schema, and never read as unknown.
 */
import { z } from "zod";
import { DropshipPackage, OutboundPackage } from "../fulfilment/schemas/types";
import type { PackageId } from "./package-id";

type ShipmentKind = PackageRequest["kind"];

export type PackageRequest = { kind: "OUTBOUND"; body: OutboundPackage } | { kind: "DROPSHIP"; body: DropshipPackage };

/** JSON text on one side, the schema's value on the other. */
function storedAsJson<T extends z.ZodType>(schema: T) {
  return z.codec(z.string(), schema, {
    decode: (text, ctx) => {
      try {
        return JSON.parse(text);
      } catch (error) {
        ctx.issues.push({
          code: "invalid_format",
          format: "json",
          input: text,
          message: error instanceof Error ? error.message : "not JSON",
        });
        return z.NEVER;
      }
    },
    encode: (value) => JSON.stringify(value),
  });
}

export const StoredOutboundPackage = storedAsJson(OutboundPackage);
export const StoredDropshipPackage = storedAsJson(DropshipPackage);

/** The text stored on the shipment. */
export function encodePackageRequest(request: PackageRequest): string {
  return request.kind === "OUTBOUND" ? StoredOutboundPackage.encode(request.body) : StoredDropshipPackage.encode(request.body);
}

/** The stored text read back with its kind's schema; an error when it is not a package the provider would accept. */
export function decodePackageRequest(
  kind: ShipmentKind,
  text: string,
): { success: true; data: PackageRequest } | { success: false; error: z.ZodError } {
  if (kind === "OUTBOUND") {
    const parsed = StoredOutboundPackage.safeDecode(text);
    return parsed.success ? { success: true, data: { kind, body: parsed.data } } : { success: false, error: parsed.error };
  }
  const parsed = StoredDropshipPackage.safeDecode(text);
  return parsed.success ? { success: true, data: { kind, body: parsed.data } } : { success: false, error: parsed.error };
}

/** The same package under `packageId`: a retry keeps the id the provider knows, even if the order was renamed since. */
export function withPackageId(request: PackageRequest, packageId: PackageId): PackageRequest {
  return request.kind === "OUTBOUND"
    ? { kind: "OUTBOUND", body: { ...request.body, PackageId: packageId } }
    : { kind: "DROPSHIP", body: { ...request.body, PackageId: packageId } };
}

/** The package as sent now: a resend after a fix asks the provider for a new order (IsCreateNewOrder). */
export function asNewOrder(request: PackageRequest): PackageRequest {
  return request.kind === "OUTBOUND"
    ? { kind: "OUTBOUND", body: { ...request.body, IsCreateNewOrder: true } }
    : { kind: "DROPSHIP", body: { ...request.body, IsCreateNewOrder: true } };
}

/**
 * The package without its recipient, for a shipment that is final (decision 0038): the destination
 * country stays (where the shop ships: "Suggest services"), and so do the SKUs, service and customs
 * lines; the name, address, contact and identity numbers go, and the importer with them.
 */
export function withoutRecipient(request: PackageRequest): PackageRequest {
  const country = request.body.ShipToAddress.Country;
  const ShipToAddress = country === undefined ? {} : { Country: country };
  if (request.kind === "OUTBOUND") {
    const { ImportsInfo: _importer, ...body } = request.body;
    return { kind: "OUTBOUND", body: { ...body, ShipToAddress } };
  }
  const { ImportsInfo: _importer, ...body } = request.body;
  return { kind: "DROPSHIP", body: { ...body, ShipToAddress } };
}
