/**
 * `npx tsx scripts/shopify-schema.ts`: puts Shopify's Admin API 2026-10 introspection in
 * `.cache/shopify/` (from the `@shopify/dev-mcp` npm package) and prints its path. Does nothing when
 * it is already there. The emulator and GraphQL code generation both read that file.
 */
import { ensureAdminSchema } from "../test/emulator/admin-schema";

const path = await ensureAdminSchema();
console.log(path);
