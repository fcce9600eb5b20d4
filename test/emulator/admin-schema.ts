/**
 * Shopify's published Admin API 2026-10 introspection, the schema every emulator request is validated
 * and executed against. Shopify ships it inside the `@shopify/dev-mcp` npm package; the npm registry
 * is the only outside source this project can reach, so that is where it comes from. Fetched once into
 * `.cache/shopify/` (gitignored), never committed.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

export const ADMIN_API_VERSION = "2026-10";
const DEV_MCP_PACKAGE = "@shopify/dev-mcp@1.16.0";
const SCHEMA_ENTRY = `package/dist/data/admin_${ADMIN_API_VERSION}.json.gz`;

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const cacheDir = join(projectRoot, ".cache/shopify");
export const adminSchemaPath = join(cacheDir, `admin-${ADMIN_API_VERSION}.json`);

/** Downloads and unpacks the introspection if it is not cached yet; returns its path. */
export async function ensureAdminSchema(): Promise<string> {
  if (existsSync(adminSchemaPath)) return adminSchemaPath;
  await mkdir(cacheDir, { recursive: true });
  // Each process packs into its own directory and renames the result into place (atomic), so test
  // workers starting together on a fresh checkout never read each other's half-written files.
  const workDir = await mkdtemp(join(cacheDir, "pack-"));
  try {
    const tarball = join(workDir, await packDevMcp(workDir));
    const gz = readTarEntry(gunzipSync(await readFile(tarball)), SCHEMA_ENTRY);
    if (!gz) throw new Error(`${SCHEMA_ENTRY} is not in ${tarball}: has ${DEV_MCP_PACKAGE} changed its layout?`);
    const partial = join(workDir, "admin.json");
    await writeFile(partial, gunzipSync(gz));
    await rename(partial, adminSchemaPath);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return adminSchemaPath;
}

async function packDevMcp(workDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", ["pack", DEV_MCP_PACKAGE, "--json", "--silent"], {
    cwd: workDir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return parsePackFilename(stdout);
}

function parsePackFilename(stdout: string): string {
  const parsed: unknown = JSON.parse(stdout.slice(stdout.indexOf("[")));
  const first = Array.isArray(parsed) ? (parsed[0] as unknown) : undefined;
  if (first && typeof first === "object" && "filename" in first && typeof first.filename === "string") {
    return first.filename;
  }
  throw new Error(`npm pack ${DEV_MCP_PACKAGE} did not report a filename`);
}

/**
 * Reads one file out of an uncompressed ustar archive: 512-byte headers, name at 0..100, size in
 * octal at 124..136, type flag at 156, prefix at 345..500. Pax extended headers ('x', 'g') carry
 * long names; npm's tarballs use them only for paths over 100 characters, which ours is not, so
 * they are skipped like any other entry.
 */
export function readTarEntry(tar: Buffer, wanted: string): Buffer | undefined {
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return undefined; // end-of-archive marker
    const field = (start: number, length: number) => header.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1);
    const body = offset + 512;
    if (name === wanted && (type === "0" || type === "")) return tar.subarray(body, body + size);
    offset = body + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

/** Who may read a type or field: Shopify's "required access" text and the offline scopes it names. */
export interface AccessRequirement {
  requiredAccess: string;
  offlineScopes: string[];
}

export interface AdminApi {
  schema: GraphQLSchema;
  /** Keyed `Type` or `Type.field`, from the file's `offline_scopes` section. */
  access: Map<string, AccessRequirement>;
}

let loading: Promise<AdminApi> | undefined;

/** The schema and its access rules, built once per process (the JSON is about 11 MB). */
export function loadAdminApi(): Promise<AdminApi> {
  loading ??= (async () => {
    const path = await ensureAdminSchema();
    const json: unknown = JSON.parse(await readFile(path, "utf8"));
    return { schema: buildClientSchema(introspectionOf(json)), access: accessOf(json) };
  })();
  return loading;
}

/** The 2026-10 Admin schema as a graphql-js `GraphQLSchema` (cached in-process). */
export async function loadAdminSchema(): Promise<GraphQLSchema> {
  return (await loadAdminApi()).schema;
}

/** The published file is `{data: {__schema}, offline_scopes}`; a bare `{__schema}` is accepted too. */
function introspectionOf(json: unknown): IntrospectionQuery {
  const root = json && typeof json === "object" && "data" in json ? json.data : json;
  if (root && typeof root === "object" && "__schema" in root) return root as IntrospectionQuery;
  throw new Error(`${adminSchemaPath} is not an introspection result (no __schema)`);
}

function accessOf(json: unknown): Map<string, AccessRequirement> {
  const access = new Map<string, AccessRequirement>();
  const section = json && typeof json === "object" && "offline_scopes" in json ? json.offline_scopes : undefined;
  const items = section && typeof section === "object" && "items" in section && Array.isArray(section.items) ? section.items : [];
  for (const item of items as Record<string, unknown>[]) {
    const key = item.type === "field" ? `${String(item.typeName)}.${String(item.fieldName)}` : String(item.typeName);
    const requiredAccess = typeof item.requiredAccess === "string" ? item.requiredAccess : "";
    const offlineScopes = Array.isArray(item.offlineScopes) ? item.offlineScopes.filter((s): s is string => typeof s === "string") : [];
    if (requiredAccess || offlineScopes.length) access.set(key, { requiredAccess, offlineScopes });
  }
  return access;
}
