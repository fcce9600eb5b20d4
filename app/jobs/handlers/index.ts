/** Every kind's handler: what the app's worker runs. Adding a kind to kinds.ts without one fails typecheck. */
import type { JobHandler } from "../handler";
import type { JobKind } from "../kinds";
import { handleNoop } from "./noop";

export const jobHandlers = {
  noop: handleNoop,
} satisfies { readonly [K in JobKind]: JobHandler<K> };
