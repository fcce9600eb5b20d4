/**
 * For every one of the 20 operations: a request that breaks a rule of the reference is refused by
 * the client, naming the field, and never reaches the provider (the sandbox's request log stays
 * empty). The table is typed by the operations table, so a new operation does not compile here
 * until it has a case.
 */
import { describe, expect, it } from "vitest";
import { ProviderValidationError, type FulfilmentClient, type OperationInput, type OperationName } from "../../app/fulfilment";
import * as example from "./examples";
import { failureOf, fieldsNamed, startWorld } from "./support";

type Case<N extends OperationName> = { readonly input: OperationInput<N>; readonly fields: readonly string[] };

const invalid: { readonly [N in OperationName]: Case<N> } = {
  createDropshipBatch: { input: { Packages: [] }, fields: ["Packages"] },
  createOutboundBatch: {
    input: { ...example.createOutboundBatch(), WarehouseId: "W".repeat(31), Packages: [] },
    fields: ["Packages", "WarehouseId"],
  },
  trackBatch: { input: { TrackingNumbers: [""], lang: "" }, fields: ["TrackingNumbers[0]", "lang"] },
  createInbound: { input: { ...example.createInbound(), ShipmentId: "" }, fields: ["ShipmentId"] },
  modifyInboundBoxes: { input: { ShipmentId: "", Containers: example.createInbound().Containers }, fields: ["ShipmentId"] },
  createDropshipWithBoxes: { input: { ...example.createDropshipWithBoxes(), PackageId: "NW FO 1" }, fields: ["PackageId"] },
  createDropship: { input: example.createDropship({ ...example.dropshipToBerlin(), Skus: [] }), fields: ["Package.Skus"] },
  dropshipStatuses: { input: { idType: "PackageId", Ids: [""] }, fields: ["Ids[0]"] },
  createReturn: { input: { ...example.createReturn(), Weight: -1 }, fields: ["Weight"] },
  declarePackage: { input: { ...example.declarePackage(), Weight: 0 }, fields: ["Weight"] },
  trackOne: { input: { trackingNumber: "" }, fields: ["trackingNumber"] },
  createOutbound: { input: example.createOutbound(example.outboundToNewYork("P".repeat(51))), fields: ["Package.PackageId"] },
  createLading: { input: { ...example.createLading(), ReservationDate: "tomorrow morning" }, fields: ["ReservationDate"] },
  priceAllServices: { input: { ...example.priceAllServices(), ServiceCode: "US01 STD" }, fields: ["ServiceCode"] },
  outboundStatuses: { input: { idType: "SvcPackageId", Ids: [] }, fields: ["Ids"] },
  createMerchantSku: { input: { ...example.createMerchantSku(), ProductDescription: "" }, fields: ["ProductDescription"] },
  dropshipStatus: { input: { packageId: "" }, fields: ["packageId"] },
  priceOneService: { input: { ...example.priceOneService(), Country: "C".repeat(101) }, fields: ["Country"] },
  inventoryAge: { input: { WarehouseId: "US01", PageIndex: -1 }, fields: ["PageIndex"] },
  searchSkus: { input: { PageSize: 1.5 }, fields: ["PageSize"] },
};

/** Calls operation `name` of the client; the generic keeps the input and the method paired. */
function call<N extends OperationName>(client: FulfilmentClient, name: N, input: OperationInput<N>): Promise<unknown> {
  const method: (input: OperationInput<N>) => Promise<unknown> = client[name];
  return method(input);
}

describe("every operation refuses an invalid request before sending it", () => {
  for (const name of Object.keys(invalid) as OperationName[]) {
    it(`${name}`, async () => {
      const world = await startWorld();
      const { input, fields } = invalid[name];

      const error = await failureOf(call(world.client, name, input as OperationInput<typeof name>));

      expect(error).toBeInstanceOf(ProviderValidationError);
      expect(error).toMatchObject({ sent: false, status: undefined, operation: name });
      expect(fieldsNamed(error).sort()).toEqual([...fields].sort());
      expect(world.operationCalls()).toEqual([]);
    });
  }
});
