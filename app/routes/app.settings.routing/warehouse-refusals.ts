/**
 * What the provider said of a warehouse or a service when the routing page was saved, in the
 * admin's words; the provider's own text inside it stays as the provider wrote it, and codes are
 * listed as codes.
 */
import type { Words } from "~/lib/words";
import type { WarehouseRefusal } from "~/wiring/provider-checks.server";

export function refusalWords(refusal: WarehouseRefusal, says: Words["settingsRouting"]["checks"]): string {
  switch (refusal.kind) {
    case "cannotCheck":
      return says.cannotCheck(refusal.said);
    case "notInAccount":
      return says.notInAccount(refusal.known.join(", "));
    case "unknown":
      return says.unknown(refusal.said);
    case "noAnswer":
      return says.noAnswer(refusal.said);
    case "serviceNotOffered":
      return says.serviceNotOffered(refusal.warehouseId, refusal.offered.join(", "));
  }
}
