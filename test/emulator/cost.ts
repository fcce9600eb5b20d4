/**
 * Shopify's query cost and leaky-bucket throttle, close enough that an app which respects
 * `extensions.cost.throttleStatus` here respects it on the platform:
 *   - scalars and enums 0, objects 1, mutations 10;
 *   - connections 2 + (first|last) × cost of one node (requested), 2 + cost of the nodes returned (actual);
 *   - a query over 1000 is refused (MAX_COST_EXCEEDED); a query over what the bucket holds is THROTTLED;
 *   - the bucket holds 1000 and refills 100 points per second (standard plan).
 */
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

export const MUTATION_COST = 10;
export const MAX_QUERY_COST = 1000;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

interface CollectedField {
  node: FieldNode;
  def: GraphQLField<unknown, unknown>;
}

/** Fields of a selection set with fragments inlined; fragments on other types are included too. */
function collectFields(walk: Walk, parent: GraphQLCompositeType, selectionSet: SelectionSetNode): CollectedField[] {
  const out: CollectedField[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith("__")) continue;
      const def = "getFields" in parent ? parent.getFields()[selection.name.value] : undefined;
      if (def) out.push({ node: selection, def: def as GraphQLField<unknown, unknown> });
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments[selection.name.value] : selection;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? walk.schema.getType(fragment.typeCondition.name.value) : parent;
    if (condition && isCompositeType(condition)) out.push(...collectFields(walk, condition, fragment.selectionSet));
  }
  return out;
}

function isConnection(type: GraphQLNamedType): boolean {
  return isObjectType(type) && type.name.endsWith("Connection") && ("edges" in type.getFields() || "nodes" in type.getFields());
}

function pageArg(walk: Walk, field: CollectedField): number | undefined {
  try {
    const args = getArgumentValues(field.def, field.node, walk.variables);
    const size = args.first ?? args.last;
    return typeof size === "number" ? size : undefined;
  } catch {
    return undefined;
  }
}

function selectionCost(walk: Walk, parent: GraphQLCompositeType, selectionSet: SelectionSetNode): number {
  return collectFields(walk, parent, selectionSet).reduce((sum, field) => sum + fieldCost(walk, field), 0);
}

function fieldCost(walk: Walk, field: CollectedField): number {
  const named = getNamedType(field.def.type);
  if (isLeafType(named) || !field.node.selectionSet || !isCompositeType(named)) return 0;
  if (isConnection(named)) return 2 + (pageArg(walk, field) ?? 0) * connectionNodeCost(walk, named, field.node.selectionSet);
  const each = 1 + selectionCost(walk, named, field.node.selectionSet);
  return isListType(getNullableType(field.def.type)) ? (pageArg(walk, field) ?? 1) * each : each;
}

/** The cost of one node of a connection: the most expensive of `edges { node }` and `nodes`. */
function connectionNodeCost(walk: Walk, connection: GraphQLCompositeType, selectionSet: SelectionSetNode): number {
  let perNode = 0;
  for (const field of collectFields(walk, connection, selectionSet)) {
    const named = getNamedType(field.def.type);
    if (!field.node.selectionSet || !isCompositeType(named)) continue;
    if (field.node.name.value === "nodes") perNode = Math.max(perNode, 1 + selectionCost(walk, named, field.node.selectionSet));
    if (field.node.name.value === "edges") perNode = Math.max(perNode, selectionCost(walk, named, field.node.selectionSet));
  }
  return perNode;
}

function walkOf(schema: GraphQLSchema, fragments: FragmentDefinitionNode[], variables: Record<string, unknown>): Walk {
  return { schema, fragments: Object.fromEntries(fragments.map((f) => [f.name.value, f])), variables };
}

/** The cost Shopify checks against the bucket before running the operation. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): number {
  if (operation.operation === "mutation") {
    return operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith("__")).length * MUTATION_COST;
  }
  const root = schema.getQueryType();
  return root ? selectionCost(walkOf(schema, fragments, variables), root, operation.selectionSet) : 0;
}

/** The cost of what was actually returned (fewer nodes than `first` cost less), charged to the bucket. */
export function actualQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Record<string, unknown>,
  data: unknown,
): number {
  if (operation.operation === "mutation") return requestedQueryCost(schema, operation, fragments, variables);
  const root = schema.getQueryType();
  return root && isRecord(data) ? actualSelection(walkOf(schema, fragments, variables), root, operation.selectionSet, data) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function actualSelection(walk: Walk, parent: GraphQLCompositeType, selectionSet: SelectionSetNode, data: Record<string, unknown>): number {
  let sum = 0;
  const seen = new Set<string>();
  for (const field of collectFields(walk, parent, selectionSet)) {
    const key = field.node.alias?.value ?? field.node.name.value;
    if (seen.has(key) || !(key in data)) continue;
    seen.add(key);
    sum += actualField(walk, field, data[key]);
  }
  return sum;
}

function actualField(walk: Walk, field: CollectedField, value: unknown): number {
  const named = getNamedType(field.def.type);
  const selection = field.node.selectionSet;
  if (value === null || value === undefined || isLeafType(named) || !selection || !isCompositeType(named)) return 0;
  const objectCost = (v: unknown) => (isRecord(v) ? 1 + actualSelection(walk, named, selection, v) : 0);
  if (isConnection(named) && isRecord(value)) return 2 + actualConnectionNodes(walk, named, selection, value);
  return Array.isArray(value) ? value.reduce((s: number, v) => s + objectCost(v), 0) : objectCost(value);
}

/** What the returned nodes of a connection cost: through `edges { node }` or `nodes`, whichever is dearer. */
function actualConnectionNodes(
  walk: Walk,
  connection: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  value: Record<string, unknown>,
): number {
  let nodes = 0;
  for (const inner of collectFields(walk, connection, selectionSet)) {
    const items = value[inner.node.alias?.value ?? inner.node.name.value];
    const innerNamed = getNamedType(inner.def.type);
    const innerSelection = inner.node.selectionSet;
    if (!Array.isArray(items) || !innerSelection || !isCompositeType(innerNamed)) continue;
    const perItem = inner.node.name.value === "edges" ? 0 : 1; // an edge is free, a node costs 1
    const cost = items.reduce(
      (s: number, item) => s + (isRecord(item) ? perItem + actualSelection(walk, innerNamed, innerSelection, item) : 0),
      0,
    );
    nodes = Math.max(nodes, cost);
  }
  return nodes;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** One leaky bucket per shop (the emulator serves one app), refilled continuously. */
export class ThrottleBucket {
  private available: number;
  private at: number;

  constructor(
    readonly maximumAvailable: number,
    readonly restoreRate: number,
    private readonly clock: () => Date,
  ) {
    this.available = maximumAvailable;
    this.at = clock().getTime();
  }

  private refill(): void {
    const now = this.clock().getTime();
    this.available = Math.min(this.maximumAvailable, this.available + ((now - this.at) / 1000) * this.restoreRate);
    this.at = now;
  }

  /** Takes the requested cost if the bucket holds it; false means THROTTLED. */
  take(cost: number): boolean {
    this.refill();
    if (cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  /** Gives back what the query did not use (requested minus actual), as Shopify does. */
  refund(points: number): void {
    this.available = Math.min(this.maximumAvailable, this.available + Math.max(0, points));
  }

  set(points: number): void {
    this.refill();
    this.available = Math.max(0, Math.min(this.maximumAvailable, points));
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.restoreRate,
    };
  }
}
