/**
 * What the app stores to show later, said in any language (decision 0045): a reason a shipment is
 * held, a run's summary, a SKU's check. It keeps the key of its sentence in a group of the
 * catalogue and the sentence's arguments (`say`), and its English `message`, made here from the
 * English sentence, for logs, alerts and Shopify. The admin says it from `say` in the merchant's
 * language; a row written before it had one, or naming a sentence this version no longer has,
 * reads as its stored message.
 */
import { z } from "zod";
import type { Words } from "./en";
import { reasons } from "./en/reasons";

/** A sentence's key in its group and its arguments: plain strings and numbers, what JSON keeps. */
export const Say = z.object({ key: z.string(), args: z.array(z.union([z.string(), z.number()])) });
export type Say = z.infer<typeof Say>;
export const ReasonSay = Say;
export type ReasonSay = Say;

/** The `say` a stored JSON object keeps beside its own fields (a run's result, an event's data), if any. */
export function sayInJson(json: string | null): Say | undefined {
  if (json === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null || !("say" in parsed)) return undefined;
    const say = Say.safeParse(parsed.say);
    return say.success ? say.data : undefined;
  } catch {
    return undefined;
  }
}

/** Something said: the English message and the key it is said again by. */
export interface Said {
  message: string;
  say: Say;
}

type Sentence = (...args: (string | number)[]) => string;
/** A group of the catalogue whose sentences can be stored: each a function of strings and numbers. */
type SayableGroup = Record<string, (...args: never[]) => string>;

/** Says a sentence of this (English) group: the message, and the key and arguments to say it again by. */
export function saidFrom<G extends SayableGroup>(group: G) {
  return <K extends keyof G & string>(key: K, ...args: Parameters<G[K]>): Said => {
    const values = args as unknown as (string | number)[];
    return { message: (group[key] as unknown as Sentence)(...values), say: { key, args: values } };
  };
}

/** What was said, in these words: its sentence when this version knows it, else the message it was stored with. */
export function textIn(words: object, stored: { message: string; say?: Say | null | undefined }): string {
  const say = stored.say;
  if (say === undefined || say === null || !Object.hasOwn(words, say.key)) return stored.message;
  const sentence = (words as Record<string, unknown>)[say.key];
  return typeof sentence === "function" && sentence.length === say.args.length
    ? String((sentence as Sentence)(...say.args))
    : stored.message;
}

type Sentences = typeof reasons;
export type ReasonKey = keyof Sentences;

/** The English message and the key it is said again by, for one sentence of the reasons. */
export const said: <K extends ReasonKey>(key: K, ...args: Parameters<Sentences[K]>) => Said = saidFrom(reasons);

/** The reason in these words: its sentence when this version knows it, else the message it was stored with. */
export function reasonText(words: Words["reasons"], reason: { message: string; say?: ReasonSay | undefined }): string {
  return textIn(words, reason);
}

/** The field a reason names, in these words; a field the catalogue does not name shows as stored. */
export function reasonFieldText(words: Words["reasonFields"], field: string): string {
  return Object.hasOwn(words.labels, field) ? ((words.labels as Record<string, string>)[field] ?? field) : field;
}
