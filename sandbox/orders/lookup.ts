/** Finding orders by the caller's id (PackageId) or the provider's (SvcPackageId), as status queries do. */
import type { IdType } from "../../app/fulfilment/schemas";

interface Identified {
  readonly packageId: string;
  readonly svcPackageId: string;
}

/** The known orders among `ids`, in the order asked, each once. */
export function findByIds<T extends Identified>(orders: ReadonlyMap<string, T>, idType: IdType, ids: readonly string[]): T[] {
  const found: T[] = [];
  for (const id of new Set(ids)) {
    const order = idType === "PackageId" ? orders.get(id) : [...orders.values()].find((o) => o.svcPackageId === id);
    if (order !== undefined && !found.includes(order)) found.push(order);
  }
  return found;
}
