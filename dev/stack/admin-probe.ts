/**
 * Asks the emulator (or Shopify) for a shop's name the way the app's jobs will: through the app's own
 * `unauthenticated.admin(shop)` (the offline session from the app's database, the library's Admin
 * GraphQL client, the transport redirect when SHOPIFY_ADMIN_API_ORIGIN is set). The stack tests use
 * it to show that the redirect works outside the built bundle too. Run with the app's environment
 * (the stack's children have it):
 *
 *   node --import tsx dev/stack/admin-probe.ts <shop>     prints {"shop":"...","name":"..."}
 */
import { z } from "zod";
import prisma from "../../app/db.server";
import { unauthenticated } from "../../app/shopify.server";

const ShopName = z.object({ data: z.object({ shop: z.object({ name: z.string(), myshopifyDomain: z.string() }) }) });

const shop = process.argv[2];
if (!shop) {
  process.stderr.write("usage: admin-probe.ts <shop>\n");
  process.exit(2);
}

try {
  const { admin } = await unauthenticated.admin(shop);
  const response = await admin.graphql(`#graphql
    query AdminProbe { shop { name myshopifyDomain } }`);
  const { data } = ShopName.parse(await response.json());
  process.stdout.write(`${JSON.stringify({ shop: data.shop.myshopifyDomain, name: data.shop.name })}\n`);
} finally {
  await prisma.$disconnect();
}
