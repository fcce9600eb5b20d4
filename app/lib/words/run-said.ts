/**
 * What a catalogue read, a SKU registration or a stock sync says of itself, from the English
 * `runSays` (decision 0045): the message the run stores and the key its pages say it again by.
 */
import { runSays } from "./en/run-says";
import { saidFrom } from "./reason-said";

export const runSaid = saidFrom(runSays);
