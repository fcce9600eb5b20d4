/**
 * Sending a lading order to the provider (operation 13) and keeping it once accepted. The
 * merchant's reference is the provider's OrderNo, so sending the same order twice (a double click,
 * a retry after a lost answer) is the provider's "200, nothing changed".
 */
import { ladingRequestOf, type LadingDraft } from "~/connector/lading";
import type { Database } from "~/stores/database/database.server";
import { saveLadingOrder, type LadingOrder } from "~/stores/lading/lading-orders.server";
import type { PipelineDeps } from "../ports/deps";

/** Throws the provider's errors as they are (a ProviderValidationError names the request's field). */
export async function sendLadingOrder(db: Database, deps: PipelineDeps, shop: string, draft: LadingDraft): Promise<LadingOrder> {
  const provider = await deps.provider(shop);
  await provider.createLading(ladingRequestOf(draft));
  return saveLadingOrder(db, shop, draft);
}
