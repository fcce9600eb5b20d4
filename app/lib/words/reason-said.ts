/**
 * A reason the pipeline stores, said in any language (decision 0045): it keeps the key of its
 * sentence in the `reasons` catalogue and the sentence's arguments (`say`), and its English
 * `message`, made here from the English sentence, for logs, alerts and Shopify. The admin says it
 * from `say` in the merchant's language; a row written before reasons had one, or naming a
 * sentence this version no longer has, reads as its stored message.
 */
import { z } from "zod";
import type { Words } from "./en";
import { reasons } from "./en/reasons";

export const ReasonSay = z.object({ key: z.string(), args: z.array(z.union([z.string(), z.number()])) });
export type ReasonSay = z.infer<typeof ReasonSay>;

type Sentences = typeof reasons;
export type ReasonKey = keyof Sentences;

type Sentence = (...args: (string | number)[]) => string;

/** The English message and the key it is said again by, for one sentence of the catalogue. */
export function said<K extends ReasonKey>(key: K, ...args: Parameters<Sentences[K]>): { message: string; say: ReasonSay } {
  const sentence = reasons[key] as Sentence;
  return { message: sentence(...args), say: { key, args } };
}

/** The reason in these words: its sentence when this version knows it, else the message it was stored with. */
export function reasonText(words: Words["reasons"], reason: { message: string; say?: ReasonSay | undefined }): string {
  const say = reason.say;
  if (say === undefined || !Object.hasOwn(words, say.key)) return reason.message;
  const sentence = (words as Record<string, Sentence>)[say.key];
  return sentence !== undefined && sentence.length === say.args.length ? sentence(...say.args) : reason.message;
}

/** The field a reason names, in these words; a field the catalogue does not name shows as stored. */
export function reasonFieldText(words: Words["reasonFields"], field: string): string {
  return Object.hasOwn(words.labels, field) ? ((words.labels as Record<string, string>)[field] ?? field) : field;
}
