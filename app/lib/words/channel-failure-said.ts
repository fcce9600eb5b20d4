/**
 * Why an alert channel fails, in these words (Home, Settings > Notifications, "Send a test
 * alert"): the app's own refusal by its sentence (`channelRefusals`, or `publicAddress` for an
 * address refused), else the mail server's or the network's words as they were recorded.
 */
import type { Words } from "./en";
import { textIn, type Say } from "./reason-said";

export function channelFailureText(
  words: Pick<Words, "channelRefusals" | "publicAddress">,
  stored: { message: string; say: Say | null },
): string {
  return textIn({ ...words.publicAddress, ...words.channelRefusals }, { message: stored.message, say: stored.say ?? undefined });
}
