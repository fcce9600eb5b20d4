/**
 * Drop-ship orders: a parcel with its own declared goods, created singly (7), in a batch (1) or box
 * by box (6), and declared for customs (10). Keyed by PackageId: the same PackageId again changes
 * nothing, except that a package whose creation failed may be created anew with IsCreateNewOrder.
 */
import type { CreateDropshipWithBoxesRequest, DropshipPackage } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { notFound, SandboxError, type ErrorEntry } from "../errors";
import { withBody, withUncheckedBody, type SandboxContext } from "../operation";
import { nextSequence, type DropshipOrder } from "../state";
import { accepted, judgeBatch, rejected } from "./batch";
import { missingRoutingFields, placeOf } from "./creation";
import { providerId } from "./ids";

/** What a request says about a drop-ship order, before the provider adds its own fields. */
type DropshipDraft = Pick<
  DropshipOrder,
  | "packageId"
  | "serviceCode"
  | "location"
  | "source"
  | "origin"
  | "destination"
  | "weightGrams"
  | "packing"
  | "codAmount"
  | "codCurrency"
  | "importerCompany"
  | "duty"
  | "remark"
  | "submitLater"
>;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function packingOf(box: { Length?: number | undefined; Width?: number | undefined; Height?: number | undefined }) {
  return box.Length !== undefined && box.Width !== undefined && box.Height !== undefined
    ? { Length: box.Length, Width: box.Width, Height: box.Height }
    : undefined;
}

function draftOfPackage(pkg: DropshipPackage, location: string | undefined, submitLater: boolean): DropshipDraft {
  return {
    packageId: pkg.PackageId,
    serviceCode: pkg.ServiceCode ?? "",
    location,
    source: "package",
    origin: pkg.Sender?.Country ? placeOf(pkg.Sender) : undefined,
    destination: placeOf(pkg.ShipToAddress),
    // The parcel's weight, or else what its lines weigh.
    weightGrams: pkg.Weight ?? sum(pkg.Skus.map((line) => (line.Weight ?? 0) * line.Quantity)),
    packing: packingOf(pkg),
    codAmount: pkg.CodAmount,
    codCurrency: pkg.SellPriceCurrency,
    importerCompany: pkg.ImportsInfo?.Company,
    duty: pkg.Duty,
    remark: pkg.Remark,
    submitLater,
  };
}

function draftOfBoxes(request: CreateDropshipWithBoxesRequest): DropshipDraft {
  const boxWeight = (box: CreateDropshipWithBoxesRequest["ContainerInfos"][number]) =>
    box.Weight ?? sum(box.SkuInfos.map((line) => (line.Weight ?? 0) * line.Quantity));
  const [first, ...others] = request.ContainerInfos;
  return {
    packageId: request.PackageId,
    serviceCode: request.ServiceCode,
    location: request.Location,
    source: "boxes",
    origin: request.ShipperInfo?.Country ? placeOf(request.ShipperInfo) : undefined,
    destination: placeOf(request.ShipToAddress),
    weightGrams: sum(request.ContainerInfos.map(boxWeight)),
    // One box: its size is the parcel's; several boxes have no single size.
    packing: first !== undefined && others.length === 0 ? packingOf(first) : undefined,
    // Operation 6 has no Duty field: its remark is where duties are said.
    remark: request.Remark,
    submitLater: false,
  };
}

/**
 * Takes the order in unless its PackageId is known. A known package whose creation failed is created
 * anew when the caller asks for it (IsCreateNewOrder), with a new SvcPackageId and RetryCount + 1.
 */
function admit(draft: DropshipDraft, createNew: boolean, ctx: SandboxContext): boolean {
  const known = ctx.state.dropships.get(draft.packageId);
  if (known !== undefined && !(createNew && known.outcome.status === "CreateFailed")) return false;
  ctx.state.dropships.set(draft.packageId, {
    ...draft,
    svcPackageId: providerId("DX", ctx),
    declaration: known?.declaration,
    outcome: { status: "Creating" },
    seq: nextSequence(ctx.state),
    submittedAt: ctx.now,
    dueAt: ctx.now + ctx.settings.createDelayMs,
    retryCount: known === undefined ? 0 : known.retryCount + 1,
  });
  return true;
}

function rejectIfMissing(missing: readonly ErrorEntry[], prefix: string): void {
  if (missing.length > 0) {
    throw new SandboxError(
      400,
      missing.map((e) => ({ ...e, Code: prefix ? `${prefix}.${e.Code}` : e.Code })),
    );
  }
}

/** Operation 1: always 200, one result per package; see batch.ts for what refuses the whole batch. */
export const createDropshipBatch = withUncheckedBody(operations.createDropshipBatch, ({ body }, ctx) => {
  const schema = operations.createDropshipBatch.body;
  const judged = judgeBatch(schema, schema.shape.Packages.element, body);
  const envelope = schema.omit({ Packages: true }).parse(body);
  const results = judged.map((j) => {
    if (!j.ok) return j.result;
    const missing = missingRoutingFields(j.pkg);
    if (missing.length > 0)
      return rejected(
        j.pkg.PackageId,
        missing.map((e) => ({ ...e, Code: `Packages[${j.index}].${e.Code}` })),
      );
    const draft = draftOfPackage(j.pkg, envelope.Location, false);
    return accepted(j.pkg.PackageId, admit(draft, j.pkg.IsCreateNewOrder ?? false, ctx));
  });
  return { status: 200, body: results };
});

/** Operation 7: 201 created, 200 already known. */
export const createDropship = withBody(operations.createDropship, ({ body }, ctx) => {
  rejectIfMissing(missingRoutingFields(body.Package), "Package");
  const draft = draftOfPackage(body.Package, body.Location, body.SubmitLater ?? false);
  const isNew = admit(draft, body.Package.IsCreateNewOrder ?? false, ctx);
  return { status: isNew ? 201 : 200, body: undefined };
});

/** Operation 6: 201 created, 200 already known. */
export const createDropshipWithBoxes = withBody(operations.createDropshipWithBoxes, ({ body }, ctx) => {
  rejectIfMissing(missingRoutingFields(body), "");
  const isNew = admit(draftOfBoxes(body), false, ctx);
  return { status: isNew ? 201 : 200, body: undefined };
});

/** Operation 10: the declaration of a known drop-ship package replaces the previous one. */
export const declarePackage = withBody(operations.declarePackage, ({ body }, ctx) => {
  const order = ctx.state.dropships.get(body.PackageId);
  if (order === undefined) throw notFound("PackageId", `drop-ship package ${body.PackageId} is not known`);
  order.declaration = body;
  return { status: 200, body: undefined };
});
