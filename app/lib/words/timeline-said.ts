/** The timeline's sentences said by the flows (app/lib/words/en/timeline.ts), a plan's own sentence allowed inside. */
import { timeline } from "./en/timeline";
import { saidWithin } from "./reason-said";

export const timelineSaid = saidWithin(timeline);
