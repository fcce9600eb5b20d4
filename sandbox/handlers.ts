/** Every operation of the table, answered by the sandbox. The type makes a missing one a compile error. */
import type { OperationName } from "../app/fulfilment/operations";
import type { RunOperation } from "./operation";
import { createMerchantSku, inventoryAge, searchSkus } from "./orders/catalogue";
import { createDropship, createDropshipBatch, createDropshipWithBoxes, declarePackage } from "./orders/dropship";
import { dropshipStatus, dropshipStatuses } from "./orders/dropship-status";
import { createInbound, modifyInboundBoxes } from "./orders/inbound";
import { createLading } from "./orders/lading";
import { createOutbound, createOutboundBatch, outboundStatuses } from "./orders/outbound";
import { priceAllServices, priceOneService } from "./orders/pricing";
import { createReturn } from "./orders/returns";
import { trackBatch, trackOne } from "./orders/tracking";

export const handlers: Record<OperationName, RunOperation> = {
  createDropshipBatch,
  createOutboundBatch,
  trackBatch,
  createInbound,
  modifyInboundBoxes,
  createDropshipWithBoxes,
  createDropship,
  dropshipStatuses,
  createReturn,
  declarePackage,
  trackOne,
  createOutbound,
  createLading,
  priceAllServices,
  outboundStatuses,
  createMerchantSku,
  dropshipStatus,
  priceOneService,
  inventoryAge,
  searchSkus,
};
