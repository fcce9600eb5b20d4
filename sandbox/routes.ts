/**
 * Finds the operation a request is for, from the operations table's methods and path templates.
 * Literal segments win over parameters, so `/directExpressOrders/multiple` is operation 1, not
 * operation 8 with idType "multiple". Literal segments match regardless of case, as the provider's
 * (ASP.NET) routing does.
 */
import { operationNames, operations, type OperationName } from "../app/fulfilment/operations";

type Segment = { literal: string } | { param: string };

interface Route {
  readonly name: OperationName;
  readonly method: string;
  readonly segments: readonly Segment[];
  readonly literals: number;
}

const routes: readonly Route[] = operationNames.map((name) => {
  const spec = operations[name];
  const segments = spec.path
    .split("/")
    .filter(Boolean)
    .map((part): Segment => {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      return param === undefined ? { literal: part.toLowerCase() } : { param };
    });
  return { name, method: spec.method, segments, literals: segments.filter((s) => "literal" in s).length };
});

export interface MatchedOperation {
  readonly name: OperationName;
  readonly pathParams: Record<string, string>;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function matchOperation(method: string, pathname: string): MatchedOperation | undefined {
  const parts = pathname.split("/").filter(Boolean);
  let best: (MatchedOperation & { literals: number }) | undefined;
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const pathParams: Record<string, string> = {};
    const matches = route.segments.every((segment, i) => {
      const part = parts[i] ?? "";
      if ("literal" in segment) return segment.literal === part.toLowerCase();
      pathParams[segment.param] = decode(part);
      return true;
    });
    if (matches && (best === undefined || route.literals > best.literals))
      best = { name: route.name, pathParams, literals: route.literals };
  }
  return best === undefined ? undefined : { name: best.name, pathParams: best.pathParams };
}
