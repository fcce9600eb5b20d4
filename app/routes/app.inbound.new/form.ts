/**
 * The inbound shipment's form (new shipment, and the boxes of one on its way), read the same way in
 * the browser as the merchant types and on the server (conform with zod 4, decision 0012). Each field
 * is checked with the rule of the provider's own request (operations 4 and 5: app/fulfilment/schemas),
 * so what the form accepts the provider's schema accepts too. No Remix, no Polaris, nothing of the server.
 */
import { z } from "zod";
import { positiveDimension } from "~/connector/settings";
import { CreateInboundRequest, grams, InboundSkuLine } from "~/fulfilment/schemas";
import { integer, INT32_MAX } from "~/fulfilment/schemas/rules";
import { numberSaying, optional, requiredSaying, rows } from "~/lib/form-values";
import type { Words } from "~/lib/words";
import { ruleSaidIn } from "~/lib/words/rule-said";

const request = CreateInboundRequest.shape;

/**
 * The forms, each wrong field said in the admin's words (`words.inbound.errors`): the same schema
 * checks the form in the browser as the merchant types and on the server when it is sent. What the
 * provider's own rules say (app/fulfilment/schemas) is said in the admin's words too (`providerRules`).
 */
function inboundForms(words: Words) {
  const errors = words.inbound.errors;
  const required = requiredSaying(errors.required);
  const wholeNumber = numberSaying(errors.wholeNumber);
  const decimalNumber = numberSaying(errors.number);
  const said = ruleSaidIn(words.providerRules);

  const Line = z.object({
    sku: required(said(InboundSkuLine.shape.Sku)),
    quantity: required(wholeNumber(said(InboundSkuLine.shape.Quantity))),
  });

  /**
   * Where the reference gives a box no rule, a box still has a weight and a size: the warehouse weighs
   * and measures what it receives. Boxes and their lines are keyed by numbers that never change
   * (`boxes.2.lines.5.quantity`).
   */
  const Box = z.object({
    label: optional(z.string().max(BOX_LABEL_MAX, { error: errors.atMostCharacters(String(BOX_LABEL_MAX)) })),
    // Whole grams, as the warehouse's scales weigh a box (the provider takes any number).
    weight: required(wholeNumber(said(grams().pipe(integer(1, INT32_MAX, "grams"))))),
    length: required(decimalNumber(said(positiveDimension()))),
    width: required(decimalNumber(said(positiveDimension()))),
    height: required(decimalNumber(said(positiveDimension()))),
    lines: rows(Line, ["sku"]).refine((lines) => Object.keys(lines).length > 0, { error: errors.atLeastOneSku }),
  });

  const BoxesForm = z.object({
    // Every box on the form is one the merchant added (the last one cannot be removed): a blank one is told what it lacks.
    boxes: z
      .preprocess((value) => value ?? {}, z.record(z.string().regex(/^\d+$/), Box))
      .refine((boxes) => Object.keys(boxes).length > 0, { error: errors.atLeastOneBox }),
  });

  /** A calendar day (the browser's date field); the provider gets it as that day's midnight UTC. */
  const day = optional(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: errors.dateExample })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: errors.notADate }),
  );

  const InboundForm = BoxesForm.extend({
    reference: required(said(request.ShipmentId)),
    warehouseId: required(said(request.WarehouseId)),
    shippingType: required(said(request.ShippingType)),
    arrival: day,
    remark: optional(said(request.Remark.unwrap())),
  });
  return { BoxesForm, InboundForm };
}

/** A box's own name for it, as the provider's container number. */
const BOX_LABEL_MAX = 50;

type InboundForms = ReturnType<typeof inboundForms>;
// Two languages, two sets of schemas, built once each.
const built = new WeakMap<Words, InboundForms>();

/** The inbound forms that answer in these words (wordsFor(locale) on the server, useWords() in the page). */
export function inboundFormsIn(words: Words): InboundForms {
  const known = built.get(words);
  if (known !== undefined) return known;
  const forms = inboundForms(words);
  built.set(words, forms);
  return forms;
}

export type BoxesFormValues = z.output<InboundForms["BoxesForm"]>;
export type InboundFormValues = z.output<InboundForms["InboundForm"]>;

/** How the shipment travels to the warehouse: the provider takes free text; these are the usual ones (their names: the page's words). */
export const SHIPPING_TYPES = ["Sea", "Air", "Express", "Truck"] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];
export const isShippingType = (value: string): value is ShippingType => (SHIPPING_TYPES as readonly string[]).includes(value);

/** Numbers in the order the merchant added them. */
export const idsOf = (record: Record<string, unknown>) => Object.keys(record).sort((a, b) => Number(a) - Number(b));

const FIELD_OF_REQUEST: Readonly<Record<string, string>> = {
  ShipmentId: "reference",
  WarehouseId: "warehouseId",
  ShippingType: "shippingType",
  PlanArriveDate: "arrival",
  Remark: "remark",
  Containers: "boxes",
};
const FIELD_OF_BOX: Readonly<Record<string, string>> = {
  CustomContainerNo: "label",
  Weight: "weight",
  Length: "length",
  Width: "width",
  Height: "height",
  Skus: "lines",
};

/** A request path (Containers[1].Skus[0].Sku) as the form field it came from (boxes.4.lines.7.sku); null for none. */
export function fieldOfRequestPath(path: string, boxes: BoxesFormValues["boxes"]): string | null {
  const inBox = /^Containers\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(path);
  if (inBox) {
    const boxIds = idsOf(boxes);
    const boxId = boxIds[Number(inBox[1])];
    if (boxId === undefined) return "boxes";
    const [, , field, lineIndex, lineField] = inBox;
    if (field === undefined) return `boxes.${boxId}`;
    if (field === "Skus" && lineIndex !== undefined) {
      const lineId = idsOf(boxes[boxId]?.lines ?? {})[Number(lineIndex)];
      if (lineId === undefined) return `boxes.${boxId}.lines`;
      return lineField === "Quantity" ? `boxes.${boxId}.lines.${lineId}.quantity` : `boxes.${boxId}.lines.${lineId}.sku`;
    }
    const boxField = FIELD_OF_BOX[field];
    return boxField === undefined ? `boxes.${boxId}` : `boxes.${boxId}.${boxField}`;
  }
  return FIELD_OF_REQUEST[path] ?? null;
}

/** Errors by request path as conform's field errors; what names no field is returned apart. */
export function errorsByField(
  errors: readonly { path: string; message: string }[],
  boxes: BoxesFormValues["boxes"],
): { fieldErrors: Record<string, string[]>; other: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const field = fieldOfRequestPath(path, boxes);
    if (field === null) other.push(path === "" ? message : `${path} ${message}`);
    else fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  }
  return { fieldErrors, other };
}
