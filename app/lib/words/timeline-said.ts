/** The timeline's sentences said by the flows (app/lib/words/en/timeline.ts), a plan's own sentence allowed inside. */
import { timeline } from "./en/timeline";
import { saidWithin, type NestedSaid } from "./reason-said";

export const timelineSaid = saidWithin(timeline);

/** How many units of how many lines (a package's lines, a fulfillment order's), as the timeline says it. */
export function unitsSaid(lines: readonly { quantity: number }[]): NestedSaid {
  return timelineSaid(
    "unitsOfLines",
    lines.reduce((sum, line) => sum + line.quantity, 0),
    lines.length,
  );
}
