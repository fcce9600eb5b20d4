/**
 * Tracking (operations 3 and 11). A parcel walks six checkpoints, one per tracking step after it was
 * created: Processing → PickUp → InTransit (origin sorting centre, destination hub, out for
 * delivery) → Delivered. Nothing is stored per checkpoint: they follow from the creation time and the
 * clock. Services with provisional tracking show the provider's number until pickup, then the
 * carrier's (the final one).
 */
import type { z } from "zod";
import type { CheckpointDto, TrackingResult } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { notFound } from "../errors";
import { withPathAndQuery, withQueryAndBody, type SandboxContext } from "../operation";
import { countries } from "../places";
import type { Parcel, Place } from "../state";
import { carriers, findService, type CarrierKey } from "../world";

type Status = "Processing" | "PickUp" | "InTransit" | "Delivered";
type Lang = "zh" | "en";
type Stop = "origin" | "originSorting" | "destinationHub" | "destination";

interface Step {
  readonly status: Status;
  readonly stop: Stop;
  readonly en: (p: StepText) => string;
  readonly zh: (p: StepText) => string;
}
interface StepText {
  readonly carrier: string;
  readonly international: boolean;
  readonly countryEn: string;
  readonly countryZh: string;
}

const steps: readonly Step[] = [
  { status: "Processing", stop: "origin", en: () => "Shipment information received", zh: () => "已接收包裹信息" },
  { status: "PickUp", stop: "origin", en: (p) => `Picked up by ${p.carrier}`, zh: (p) => `${p.carrier} 已揽收` },
  { status: "InTransit", stop: "originSorting", en: () => "Departed sorting centre", zh: () => "已离开分拣中心" },
  {
    status: "InTransit",
    stop: "destinationHub",
    en: (p) => (p.international ? `Arrived in ${p.countryEn}, customs cleared` : "Arrived at destination hub"),
    zh: (p) => (p.international ? `已到达${p.countryZh}，清关完成` : "已到达目的地转运中心"),
  },
  { status: "InTransit", stop: "destination", en: () => "Out for delivery", zh: () => "派送中" },
  { status: "Delivered", stop: "destination", en: () => "Delivered", zh: () => "已妥投" },
];

/** Step index of pickup: the carrier has the parcel, and a provisional number is replaced. */
export const PICKUP_STEP = 1;
/** Step index when the parcel leaves the warehouse's sorting centre. */
export const DEPARTED_STEP = 2;
export const DELIVERED_STEP = steps.length - 1;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The last checkpoint the parcel has reached by `now` (0 = Processing … 5 = Delivered): none past
 * the moment the carrier went silent or gave its last word (control route).
 */
export function stepReached(parcel: Parcel, now: number, stepMs: number): number {
  const heardUntil = Math.min(now, parcel.silentFrom ?? Infinity, parcel.end?.at ?? Infinity);
  return Math.min(DELIVERED_STEP, Math.floor((heardUntil - parcel.createdAt) / stepMs));
}

export function stepTime(parcel: Parcel, step: number, stepMs: number): number {
  return parcel.createdAt + step * stepMs;
}

export interface CurrentTracking {
  readonly number: string;
  readonly isFinal: boolean;
  readonly carrier: CarrierKey;
}

function carrierOf(parcel: Parcel): CarrierKey {
  return findService(parcel.serviceCode)?.carrier ?? "Provider";
}

/** The number a status query shows now: the provisional one until pickup, then the final one. */
export function currentTracking(parcel: Parcel, now: number, stepMs: number): CurrentTracking {
  const provisional = parcel.provisionalTrackingNumber;
  if (provisional !== undefined && stepReached(parcel, now, stepMs) < PICKUP_STEP) {
    return { number: provisional, isFinal: false, carrier: "Provider" };
  }
  return { number: parcel.trackingNumber, isFinal: true, carrier: carrierOf(parcel) };
}

interface FoundParcel {
  readonly parcel: Parcel;
  readonly packageId: string;
}

/** The parcel a tracking number belongs to, if that number has been issued by `now`. */
function findParcel(ctx: SandboxContext, trackingNumber: string): FoundParcel | undefined {
  const { state, now, settings } = ctx;
  for (const order of [...state.dropships.values(), ...state.outbounds.values(), ...state.returns.values()]) {
    if (order.outcome.status !== "Created") continue;
    const parcel = order.outcome.parcel;
    const finalIssued = currentTracking(parcel, now, settings.trackingStepMs).isFinal;
    const issued = parcel.provisionalTrackingNumber === trackingNumber || (finalIssued && parcel.trackingNumber === trackingNumber);
    if (issued || parcel.extraTrackingNumbers?.includes(trackingNumber)) {
      return { parcel, packageId: order.packageId };
    }
  }
  return undefined;
}

function placeOfStop(parcel: Parcel, stop: Stop): Place {
  const { origin, destination } = parcel;
  const destinationCountry = countries.get(destination.Country);
  switch (stop) {
    case "origin":
      return origin;
    case "originSorting":
      return { Country: origin.Country, City: countries.get(origin.Country)?.sortingCity ?? origin.City };
    case "destinationHub":
      return { Country: destination.Country, City: destinationCountry?.gatewayCity ?? destination.City };
    case "destination":
      return {
        Country: destination.Country,
        City: destination.City ?? destinationCountry?.gatewayCity,
        Postcode: destination.Postcode,
      };
  }
}

const describe = (place: Place) => [place.City, place.Country].filter(Boolean).join(", ");

function checkpoints(parcel: Parcel, ctx: SandboxContext, lang: Lang): z.input<typeof CheckpointDto>[] {
  const stepMs = ctx.settings.trackingStepMs;
  const reached = stepReached(parcel, ctx.now, stepMs);
  const country = countries.get(parcel.destination.Country);
  const list: z.input<typeof CheckpointDto>[] = [];
  for (let i = 0; i <= reached; i++) {
    const step = steps[i];
    if (step === undefined) break;
    const carrier = carriers[i < PICKUP_STEP && parcel.provisionalTrackingNumber ? "Provider" : carrierOf(parcel)].company;
    const text: StepText = {
      carrier,
      international: parcel.origin.Country !== parcel.destination.Country,
      countryEn: country?.nameEn ?? parcel.destination.Country,
      countryZh: country?.nameZh ?? parcel.destination.Country,
    };
    const place = placeOfStop(parcel, step.stop);
    list.push({
      LocationAddress: { Country: place.Country, City: place.City ?? null, Postcode: place.Postcode ?? null },
      Location: describe(place),
      Message: step[lang](text),
      DateTime: iso(stepTime(parcel, i, stepMs)),
      TimeZone: "UTC",
      TrackingId: null,
      Extended: null,
      Carrier: carrier,
      TrackingStatus: step.status,
    });
  }
  const end = parcel.end;
  if (end !== undefined && end.at <= ctx.now) {
    const place = placeOfStop(parcel, reached >= DEPARTED_STEP + 1 ? "destinationHub" : "originSorting");
    list.push({
      LocationAddress: { Country: place.Country, City: place.City ?? null, Postcode: null },
      Location: describe(place),
      Message: end.message,
      DateTime: iso(end.at),
      TimeZone: "UTC",
      TrackingId: null,
      Extended: null,
      Carrier: carriers[carrierOf(parcel)].company,
      TrackingStatus: end.status,
    });
  }
  // Newest first, as tracking pages show them.
  return list.reverse();
}

function trackingResult(trackingNumber: string, found: FoundParcel, ctx: SandboxContext, lang: Lang): z.input<typeof TrackingResult> {
  const { parcel } = found;
  const stepMs = ctx.settings.trackingStepMs;
  const current = currentTracking(parcel, ctx.now, stepMs);
  const carrier = carriers[current.carrier];
  const list = checkpoints(parcel, ctx, lang);
  const address = (p: Place) => ({
    Country: p.Country,
    Province: p.Province ?? null,
    City: p.City ?? null,
    Street1: p.Street1 ?? null,
    Street2: null,
    Postcode: p.Postcode ?? null,
  });
  return {
    TrackingNumber: trackingNumber,
    PackageId: found.packageId,
    ProviderTrackingNumber: parcel.provisionalTrackingNumber ?? parcel.trackingNumber,
    ShippingProvider: carrier.company,
    TrackingStatus: list[0]?.TrackingStatus ?? "Processing",
    Checkpoints: list,
    Country: parcel.destination.Country,
    EstimatedDelivery: iso(stepTime(parcel, DELIVERED_STEP, stepMs)),
    Destination: address(parcel.destination),
    Origin: address(parcel.origin),
    // Another parcel of the package has its own page.
    CarrierInfo: {
      Company: carrier.company,
      Url: carrier.trackingUrl(parcel.extraTrackingNumbers?.includes(trackingNumber) ? trackingNumber : current.number),
      Phone: null,
    },
    PlateType: null,
    TransitPorts: [],
    ClientGroupSumList: [],
  };
}

/** zh is the provider's default; any other language gets English. */
const languageOf = (lang: string | undefined): Lang => (lang === undefined || lang.toLowerCase().startsWith("zh") ? "zh" : "en");

/** Operation 3: numbers the sandbox does not know are left out of the answer. */
export const trackBatch = withQueryAndBody(operations.trackBatch, ({ query, body }, ctx) => {
  const lang = languageOf(query.lang);
  const results = body.TrackingNumbers.flatMap((number) => {
    const found = findParcel(ctx, number);
    return found === undefined ? [] : [trackingResult(number, found, ctx, lang)];
  });
  return { status: 200, body: results };
});

/** Operation 11: an unknown number is 404. */
export const trackOne = withPathAndQuery(operations.trackOne, ({ path, query }, ctx) => {
  const found = findParcel(ctx, path.trackingNumber);
  if (found === undefined) throw notFound("trackingNumber", `tracking number ${path.trackingNumber} is not known`);
  return { status: 200, body: trackingResult(path.trackingNumber, found, ctx, languageOf(query.lang)) };
});

/** The tracking status a parcel has reached by now. */
export function trackingStatusAt(parcel: Parcel, now: number, stepMs: number): string {
  if (parcel.end !== undefined && parcel.end.at <= now) return parcel.end.status;
  return steps[Math.max(0, stepReached(parcel, now, stepMs))]?.status ?? "Processing";
}
