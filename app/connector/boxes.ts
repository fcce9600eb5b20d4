/**
 * A drop-ship package heavier than the shop's box limit goes to the provider box by box
 * (operation 6, `directExpressOrdersHaveBox`) instead of as one parcel in the batch (decision 0017).
 * Units are packed in the order of the package's lines, each box filled up to the limit before the
 * next is opened; a unit heavier than the limit travels alone in its own box. Pure.
 */
import type { CreateDropshipWithBoxesRequest } from "../fulfilment/schemas/requests";
import type { DropshipContainer, DropshipPackage, DropshipSkuLine } from "../fulfilment/schemas/types";

type BoxLine = DropshipContainer["SkuInfos"][number];

/** A line's customs facts as a box line carries them (the reference spells two of them differently). */
function boxLineOf(line: DropshipSkuLine, quantity: number): BoxLine {
  return {
    Sku: line.Sku,
    Quantity: quantity,
    ...(line.Weight === undefined ? {} : { Weight: line.Weight }),
    ...(line.DeclareValue === undefined ? {} : { DeclareValue: line.DeclareValue }),
    ...(line.DeclareNameEn === undefined ? {} : { DeclareNameEN: line.DeclareNameEn }),
    ...(line.DeclareNameCn === undefined ? {} : { DeclareNameCN: line.DeclareNameCn }),
    ...(line.HsCode === undefined ? {} : { HsCode: line.HsCode }),
    ...(line.MaterialEN === undefined ? {} : { MaterialEN: line.MaterialEN }),
  };
}

/** What the package weighs: its own weight, or else its lines'. */
export function packageGrams(pkg: DropshipPackage): number {
  return pkg.Weight ?? pkg.Skus.reduce((grams, line) => grams + (line.Weight ?? 0) * line.Quantity, 0);
}

/**
 * The boxes of a package heavier than `maxBoxGrams`; undefined when it fits one parcel, or when the
 * shop sets no limit: then it goes in the batch as before.
 */
export function boxesFor(pkg: DropshipPackage, maxBoxGrams: number | null): DropshipContainer[] | undefined {
  if (maxBoxGrams === null || packageGrams(pkg) <= maxBoxGrams) return undefined;
  const boxes: { grams: number; lines: Map<number, number> }[] = [];
  let open: { grams: number; lines: Map<number, number> } | undefined;
  pkg.Skus.forEach((line, index) => {
    const unitGrams = line.Weight ?? 0;
    for (let unit = 0; unit < line.Quantity; unit++) {
      if (open === undefined || (open.grams > 0 && open.grams + unitGrams > maxBoxGrams)) {
        open = { grams: 0, lines: new Map() };
        boxes.push(open);
      }
      open.grams += unitGrams;
      open.lines.set(index, (open.lines.get(index) ?? 0) + 1);
    }
  });
  return boxes.map((box, number) => ({
    CustomContainerNo: `${pkg.PackageId}-${number + 1}`,
    Weight: box.grams,
    SkuInfos: [...box.lines].flatMap(([index, quantity]) => {
      const line = pkg.Skus[index];
      return line === undefined ? [] : [boxLineOf(line, quantity)];
    }),
  }));
}

/** The package as operation 6 takes it: the same PackageId, service, address and sender, in boxes. */
export function boxedRequest(pkg: DropshipPackage, handlingLocation: string, boxes: DropshipContainer[]): CreateDropshipWithBoxesRequest {
  return {
    PackageId: pkg.PackageId,
    Location: handlingLocation,
    ServiceCode: pkg.ServiceCode ?? "",
    ContainerInfos: boxes,
    ShipToAddress: pkg.ShipToAddress,
    ...(pkg.Sender === undefined ? {} : { ShipperInfo: pkg.Sender }),
    ...(pkg.Custom === undefined ? {} : { Custom: pkg.Custom }),
    ...(pkg.VatCode === undefined ? {} : { VatCode: pkg.VatCode }),
    ...(pkg.Remark === undefined ? {} : { Remark: pkg.Remark }),
  };
}
