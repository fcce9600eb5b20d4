/**
 * The rooms of app/ (DESIGN.md section 3, the README's "What is where"): arrows point one way.
 * Every import of every module is read with TypeScript's own pre-processor (static, dynamic and
 * type-only imports alike), resolved to a file, and the files grouped into rooms.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The project file an import names, or undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? base;
}

interface Import {
  from: string;
  to: string;
}

const imports: Import[] = sourceFiles(app).flatMap((from) =>
  ts
    .preProcessFile(readFileSync(from, "utf8"), true, true)
    .importedFiles.map(({ fileName }) => resolveImport(from, fileName))
    .flatMap((to) => (to === undefined ? [] : [{ from, to }])),
);

/**
 * A file's room. Top-level files (env.server.ts, db.server.ts, shopify.server.ts, ...) are each a
 * room of their own; with `fine`, each flow and each store is one too.
 */
function roomOf(file: string, fine: boolean): string {
  const parts = path.relative(app, file).split(path.sep);
  if (parts.length === 1) return parts[0] ?? file;
  if (fine && (parts[0] === "flows" || parts[0] === "stores") && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0] ?? file;
}

/** A cycle of rooms (or files), as "a -> b -> a", or undefined when the graph has none. */
function findCycle(edges: Map<string, Set<string>>): string | undefined {
  const state = new Map<string, "visiting" | "done">();
  const trail: string[] = [];
  const visit = (room: string): string | undefined => {
    if (state.get(room) === "done") return undefined;
    if (state.get(room) === "visiting") return [...trail.slice(trail.indexOf(room)), room].join(" -> ");
    state.set(room, "visiting");
    trail.push(room);
    for (const next of edges.get(room) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(room, "done");
    return undefined;
  };
  for (const room of edges.keys()) {
    const cycle = visit(room);
    if (cycle) return cycle;
  }
  return undefined;
}

function roomGraph(fine: boolean): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (isTest(from) || !to.startsWith(app + path.sep)) continue;
    const [a, b] = [roomOf(from, fine), roomOf(to, fine)];
    if (a === b) continue;
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  return edges;
}

/** The graph of files, type-only imports included: a circle inside one room is a circle too. */
function fileGraph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (isTest(from) || !to.startsWith(app + path.sep)) continue;
    const [a, b] = [path.relative(root, from), path.relative(root, to)];
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  return edges;
}

const reaches = (edges: Map<string, Set<string>>, from: string, to: string) => edges.get(from)?.has(to) ?? false;

describe("the rooms of app/", () => {
  it("import one another without a cycle, room by room", () => {
    expect(findCycle(roomGraph(false))).toBeUndefined();
  });

  it("import one another without a cycle, flow by flow and store by store", () => {
    expect(findCycle(roomGraph(true))).toBeUndefined();
  });

  it("import one another without a cycle, file by file, inside a room too", () => {
    expect(findCycle(fileGraph())).toBeUndefined();
  });

  it("keep the queue generic and the domain pure", () => {
    const edges = roomGraph(false);
    expect([...(edges.get("jobs") ?? [])].filter((room) => room !== "lib" && room !== "stores")).toEqual([]);
    expect([...(edges.get("connector") ?? [])].filter((room) => room !== "fulfilment" && room !== "lib")).toEqual([]);
    expect([...(edges.get("fulfilment") ?? [])].filter((room) => room !== "lib")).toEqual([]);
    expect(reaches(edges, "shopify", "fulfilment")).toBe(false);
    expect(reaches(edges, "flows", "routes") || reaches(edges, "flows", "wiring")).toBe(false);
  });

  it("never import sandbox/ or test/, tests beside the code included", () => {
    const outside = imports.filter(
      ({ to }) => to.startsWith(path.join(root, "sandbox") + path.sep) || to.startsWith(path.join(root, "test") + path.sep),
    );
    expect(outside.map(({ from, to }) => `${path.relative(root, from)} imports ${path.relative(root, to)}`)).toEqual([]);
  });

  it("read the environment only in the env module", () => {
    const readers = sourceFiles(app).filter((file) => !isTest(file) && /process\.env\b/.test(readFileSync(file, "utf8")));
    expect(readers.map((file) => path.relative(root, file))).toEqual(["app/env.server.ts"]);
  });

  it("are each named in the README's table, and the table names no folder that does not exist", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## What is where"));
    const table = section.slice(0, section.indexOf("\n## ") === -1 ? undefined : section.indexOf("\n## "));
    const named = [...table.matchAll(/`((?:app|test|scripts|server|bench|dev|sandbox|prisma|docs|extensions)\/[^`]*)`/g)].map(
      (match) => match[1] ?? "",
    );
    const rooms = readdirSync(app).filter((name) => statSync(path.join(app, name)).isDirectory());
    expect(rooms.filter((room) => !named.some((entry) => entry === `app/${room}/` || entry.startsWith(`app/${room}/`)))).toEqual([]);
    expect(named.filter((entry) => !existsSync(path.join(root, entry.replace(/\*.*$/, ""))))).toEqual([]);
  });
});
