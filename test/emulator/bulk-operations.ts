/**
 * `bulkOperationRunQuery` as Shopify runs it: the query is checked against the schema and the bulk
 * rules (a connection at the root, at most five connections, nested at most two deep, a nested
 * connection's parent selects `id`, no `node`/`nodes` root), answered CREATED, then run in the
 * background over every page (RUNNING, then COMPLETED with a JSONL file, or FAILED), and the app is
 * told with `bulk_operations/finish`.
 *
 * The JSONL has one line per node of a connection; a nested connection's nodes are lines of their
 * own carrying `__parentId` (the parent node's id) and are left out of the parent's line. Shopify
 * only promises that a child comes after its parent: with `groupObjects: false` (2026-10's default)
 * the emulator writes all parents first, so an app that assumes adjacency finds out here.
 */
import {
  getNamedType,
  isCompositeType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
} from "graphql";
import { gid } from "./ids";
import type { Platform } from "./platform";
import type { BulkOperationRecord } from "./state";

export const MAX_BULK_CONNECTIONS = 5;
export const MAX_BULK_NESTING = 2;
/** Bulk queries an app may run at once on a shop (2026-01 raised the limit from one to five). */
export const MAX_CONCURRENT_BULK_QUERIES = 5;

/** Where the connections of a bulk query sit: a response key and the connections inside its nodes. */
export interface ConnectionShape {
  responseKey: string;
  children: ConnectionShape[];
}

export type BulkPlan = { document: DocumentNode; root: ConnectionShape } | { errors: string[] };

function isConnection(type: GraphQLNamedType): boolean {
  return isObjectType(type) && type.name.endsWith("Connection") && "edges" in type.getFields();
}

function containsList(type: GraphQLType): boolean {
  return isNonNullType(type) ? containsList(type.ofType) : isListType(type);
}

/** The fields of a selection set, fragments inlined (type conditions are the schema's business). */
function fieldsOf(selectionSet: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...fieldsOf(selection.selectionSet, fragments));
    else fields.push(...fieldsOf(fragments.get(selection.name.value)?.selectionSet, fragments));
  }
  return fields;
}

/** The selections made on a connection's nodes, through `edges { node }` or `nodes`. */
function nodeSelections(connection: FieldNode, fragments: Map<string, FragmentDefinitionNode>): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const field of fieldsOf(connection.selectionSet, fragments)) {
    if (field.name.value === "nodes") fields.push(...fieldsOf(field.selectionSet, fragments));
    if (field.name.value === "edges") {
      for (const edgeField of fieldsOf(field.selectionSet, fragments)) {
        if (edgeField.name.value === "node") fields.push(...fieldsOf(edgeField.selectionSet, fragments));
      }
    }
  }
  return fields;
}

function nodeTypeOf(connection: GraphQLNamedType): GraphQLCompositeType | undefined {
  if (!isObjectType(connection)) return undefined;
  const nodes = connection.getFields().nodes;
  const type = nodes ? getNamedType(nodes.type) : undefined;
  return type && isCompositeType(type) ? type : undefined;
}

/**
 * The connections under `fields` of `parentType`, checked against the bulk rules. `depth` is the
 * number of connections already enclosing these fields.
 */
function connectionsUnder(
  parentType: GraphQLCompositeType,
  fields: FieldNode[],
  fragments: Map<string, FragmentDefinitionNode>,
  depth: number,
  errors: string[],
): ConnectionShape[] {
  const shapes: ConnectionShape[] = [];
  const parentFields = "getFields" in parentType ? parentType.getFields() : {};
  for (const field of fields) {
    const definition = parentFields[field.name.value];
    if (!definition) continue; // __typename, or a field of a fragment on another type
    const type = getNamedType(definition.type);
    const responseKey = field.alias?.value ?? field.name.value;
    if (isConnection(type)) {
      if (depth + 1 > MAX_BULK_NESTING) {
        errors.push(`Bulk queries cannot contain connections with a nesting depth greater than ${MAX_BULK_NESTING}: ${responseKey}.`);
        continue;
      }
      const nodeType = nodeTypeOf(type);
      const selections = nodeSelections(field, fragments);
      const children = nodeType ? connectionsUnder(nodeType, selections, fragments, depth + 1, errors) : [];
      if (children.length > 0 && !selections.some((s) => s.name.value === "id" && !s.alias)) {
        errors.push(
          `The parent 'node' field for a nested connection must select the 'id' field without an alias. Connection fields without 'id': ${responseKey}.`,
        );
      }
      shapes.push({ responseKey, children });
    } else if (isCompositeType(type)) {
      // A connection inside a plain object (or a list of them) has no node to hang __parentId on.
      const inner: string[] = [];
      const nested = connectionsUnder(type, fieldsOf(field.selectionSet, fragments), fragments, depth, inner);
      if (nested.length > 0 || inner.length > 0) {
        errors.push(
          containsList(definition.type)
            ? `Queries that contain a connection field within a list field are not currently supported: ${responseKey}.`
            : `The Shopify emulator supports nested connections only directly on a connection's nodes: ${responseKey}.`,
        );
      }
    }
  }
  return shapes;
}

function countConnections(shapes: ConnectionShape[]): number {
  return shapes.reduce((sum, s) => sum + 1 + countConnections(s.children), 0);
}

/** Parses and checks a bulk query; the errors are Shopify's userErrors on `query`. */
export function planBulkQuery(schema: GraphQLSchema, query: string): BulkPlan {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { errors: [`Invalid bulk query: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { errors: invalid.map((e) => `Invalid bulk query: ${e.message}`) };
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const [operation] = operations;
  if (operations.length !== 1 || !operation) return { errors: ["Bulk queries must contain exactly one operation."] };
  if (operation.operation !== "query") return { errors: ["Bulk queries must be queries; use bulkOperationRunMutation for mutations."] };
  if (operation.variableDefinitions?.length) return { errors: ["Bulk queries cannot take variables."] };
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const rootFields = fieldsOf(operation.selectionSet, fragments);
  if (rootFields.some((f) => f.name.value === "node" || f.name.value === "nodes")) {
    return { errors: ["Bulk queries cannot use the top-level `node` or `nodes` fields."] };
  }
  const queryType = schema.getQueryType();
  const errors: string[] = [];
  const shapes = queryType ? connectionsUnder(queryType, rootFields, fragments, 0, errors) : [];
  if (errors.length) return { errors };
  const [root] = shapes;
  if (!root) return { errors: ["Bulk queries must contain at least one connection."] };
  if (rootFields.length !== 1) return { errors: ["The Shopify emulator runs bulk queries with exactly one root field, a connection."] };
  if (countConnections(shapes) > MAX_BULK_CONNECTIONS) {
    return { errors: [`Bulk queries cannot contain more than ${MAX_BULK_CONNECTIONS} connections.`] };
  }
  return { document, root };
}

function nodesOf(connection: unknown): Record<string, unknown>[] {
  if (!connection || typeof connection !== "object") return [];
  const edges = "edges" in connection && Array.isArray(connection.edges) ? connection.edges : undefined;
  const raw: unknown[] = edges
    ? edges.map((e: unknown) => (e && typeof e === "object" && "node" in e ? e.node : undefined))
    : "nodes" in connection && Array.isArray(connection.nodes)
      ? connection.nodes
      : [];
  return raw.filter((n): n is Record<string, unknown> => n !== null && typeof n === "object" && !Array.isArray(n));
}

/** One JSONL line per node: nested connections removed from the node, their nodes with __parentId. */
export function toJsonl(
  data: Record<string, unknown>,
  root: ConnectionShape,
  groupObjects: boolean,
): { jsonl: string; objects: number; roots: number } {
  const lines: string[] = [];
  type Pending = { node: Record<string, unknown>; shape: ConnectionShape; parentId: unknown };
  const line = ({ node, shape, parentId }: Pending): Pending[] => {
    const own = Object.fromEntries(Object.entries(node).filter(([key]) => !shape.children.some((c) => c.responseKey === key)));
    lines.push(JSON.stringify(parentId === undefined ? own : { ...own, __parentId: parentId }));
    return shape.children.flatMap((child) => nodesOf(node[child.responseKey]).map((n) => ({ node: n, shape: child, parentId: node.id })));
  };
  const roots: Pending[] = nodesOf(data[root.responseKey]).map((node) => ({ node, shape: root, parentId: undefined }));
  if (groupObjects) {
    const visit = (pending: Pending): void => line(pending).forEach(visit);
    roots.forEach(visit);
  } else {
    for (let level = roots; level.length > 0;) level = level.flatMap(line);
  }
  return { jsonl: lines.length ? `${lines.join("\n")}\n` : "", objects: lines.length, roots: roots.length };
}

export function bulkOperationUrl(platform: Platform, operation: BulkOperationRecord): string | null {
  return operation.urlPath && operation.objectCount > 0 ? `${platform.state.baseUrl}${operation.urlPath}` : null;
}

/** The REST payload of bulk_operations/finish (Shopify's example keys). */
export function restBulkOperation(operation: BulkOperationRecord) {
  return {
    admin_graphql_api_id: gid("BulkOperation", operation.id),
    completed_at: operation.completedAt,
    created_at: operation.createdAt,
    error_code: operation.errorCode?.toLowerCase() ?? null,
    status: operation.status.toLowerCase(),
    type: operation.type.toLowerCase(),
  };
}

export type ExecuteBulk = (document: DocumentNode) => Promise<ExecutionResult>;

/**
 * Runs a planned bulk query in the background: RUNNING at once, the result after `durationMs`
 * (so an app polling sees RUNNING), then `bulk_operations/finish`. Access denied anywhere fails the
 * whole operation with ACCESS_DENIED, as on Shopify; any other execution error with
 * INTERNAL_SERVER_ERROR (its message kept in `errorDetail`).
 */
export function runInBackground(
  platform: Platform,
  operation: BulkOperationRecord,
  plan: { document: DocumentNode; root: ConnectionShape },
  execute: ExecuteBulk,
  durationMs: number,
): void {
  const { state, jobs, webhooks } = platform;
  jobs.later(0, async () => {
    if (operation.status !== "CREATED") return;
    operation.status = "RUNNING";
    const result = await execute(plan.document);
    jobs.later(durationMs, () => {
      if (operation.status === "CANCELING") operation.status = "CANCELED";
      else if (result.errors?.length) {
        operation.status = "FAILED";
        const denied = result.errors.some((e) => e.extensions.code === "ACCESS_DENIED");
        operation.errorCode = denied ? "ACCESS_DENIED" : "INTERNAL_SERVER_ERROR";
        operation.errorDetail = result.errors.map((e) => e.message).join("; ");
      } else {
        const { jsonl, objects, roots } = toJsonl(result.data ?? {}, plan.root, operation.groupObjects);
        operation.status = "COMPLETED";
        operation.jsonl = jsonl;
        operation.objectCount = objects;
        operation.rootObjectCount = roots;
        operation.urlPath = `/__emulator/bulk/${operation.id}/${crypto.randomUUID()}.jsonl`;
      }
      operation.completedAt = state.timestamp();
      webhooks.publish(operation.shop, "bulk_operations/finish", restBulkOperation(operation));
    });
  });
}
