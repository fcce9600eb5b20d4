/**
 * What the provider said of a warehouse or a service when the routing page was saved, in the
 * admin's words; the provider's own text inside it stays as the provider wrote it, and codes are
 * listed as codes.
 */
import { providerProblem } from "~/connector/provider-problem";
import type { Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";
import type { WarehouseRefusal } from "~/wiring/provider-checks.server";

export function refusalWords(refusal: WarehouseRefusal, allWords: Words): string {
  const says = allWords.settingsRouting.checks;
  switch (refusal.kind) {
    case "cannotCheck":
      return says.cannotCheck(textIn(allWords.jobErrors, refusal));
    case "notInAccount":
      return says.notInAccount(refusal.known.join(", "));
    case "unknown":
      return says.unknown(refusal.said);
    case "noAnswer":
      return "said" in refusal ? says.noAnswer(refusal.said) : says.notChecked(providerProblem(refusal.failure, allWords.providerProblems));
    case "serviceNotOffered":
      return says.serviceNotOffered(refusal.warehouseId, refusal.offered.join(", "));
  }
}
