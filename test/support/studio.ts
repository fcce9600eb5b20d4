/**
 * The demo shop's own location (the merchant's studio) as Shopify names it in the stack: the
 * location tests route drop-ship parcels from.
 */
import { z } from "zod";
import { MERCHANT_LOCATION } from "../emulator/seed";
import type { TestStack } from "./stack";

const Locations = z.object({ data: z.object({ locations: z.object({ nodes: z.array(z.object({ id: z.string(), name: z.string() })) }) }) });

export async function studioLocationId(s: Pick<TestStack, "adminGraphql">): Promise<string> {
  const locations = Locations.parse(await s.adminGraphql("{ locations(first: 10) { nodes { id name } } }"));
  const studio = locations.data.locations.nodes.find((location) => location.name === MERCHANT_LOCATION);
  if (!studio) throw new Error(`the demo shop has no ${MERCHANT_LOCATION}`);
  return studio.id;
}
