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

/** The sentence a stored JSON says (a column's `{key, args}`, or that value itself), or undefined when it says none or does not parse. */
export function sayOf(json: unknown): Say | undefined {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch {
      return undefined;
    }
  }
  const parsed = Say.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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

/**
 * A sentence whose arguments may be sentences themselves: the timeline's frame around what the
 * plan said ("Retried by the merchant: …"), each part said again in the admin's language rather
 * than the inner one kept in English. A flat `Say` is one too, so older events read alike.
 */
export interface NestedSay {
  key: string;
  args: (string | number | NestedSay)[];
}
export const NestedSay: z.ZodType<NestedSay> = z.lazy(() =>
  z.object({ key: z.string(), args: z.array(z.union([z.string(), z.number(), NestedSay])) }),
);

/** Something said whose arguments may be said too: its English message and how to say it again. */
export interface NestedSaid {
  message: string;
  say: NestedSay;
}

type Within<P extends readonly unknown[]> = { [I in keyof P]: P[I] | NestedSaid };

/**
 * Says a sentence of this (English) group whose arguments may be said sentences (of this group or
 * another the reader merges with it): the message is made of their English, the say keeps their keys.
 */
export function saidWithin<G extends SayableGroup>(group: G) {
  return <K extends keyof G & string>(key: K, ...args: Within<Parameters<G[K]>>): NestedSaid => {
    const values = args as unknown as (string | number | NestedSaid)[];
    const plain = values.map((value) => (typeof value === "object" ? value.message : value));
    return {
      message: (group[key] as unknown as Sentence)(...plain),
      say: { key, args: values.map((value) => (typeof value === "object" ? value.say : value)) },
    };
  };
}

/** The sentence in these words, its inner sentences said in them too; undefined when this version cannot say one of them. */
export function sentenceIn(words: object, say: NestedSay): string | undefined {
  if (!Object.hasOwn(words, say.key)) return undefined;
  const sentence = (words as Record<string, unknown>)[say.key];
  if (typeof sentence !== "function" || sentence.length !== say.args.length) return undefined;
  const args: (string | number)[] = [];
  for (const arg of say.args) {
    if (typeof arg !== "object") {
      args.push(arg);
      continue;
    }
    const inner = sentenceIn(words, arg);
    if (inner === undefined) return undefined;
    args.push(inner);
  }
  return String((sentence as Sentence)(...args));
}

/** A stored sentence (a column's JSON {key, args}); undefined when there is none or it does not parse. */
export function nestedSayOf(json: string | null): NestedSay | undefined {
  if (json === null) return undefined;
  try {
    const parsed = NestedSay.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The `say` an event's data keeps, nested or not, if any. */
export function nestedSayInJson(json: string | null): NestedSay | undefined {
  if (json === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null || !("say" in parsed)) return undefined;
    const say = NestedSay.safeParse(parsed.say);
    return say.success ? say.data : undefined;
  } catch {
    return undefined;
  }
}

/** The sentences an event of the timeline, or Retry's and Refresh's answer, may be said by: the reasons and the timeline's own. */
export function timelineWords(words: Pick<Words, "reasons" | "timeline">): Words["reasons"] & Words["timeline"] {
  return { ...words.reasons, ...words.timeline };
}

/**
 * What was said, in these words, when its English sentence still makes exactly the stored message
 * (a text written over it, or a sentence reworded since, reads as stored, as does one this version cannot say).
 * `written`: its arguments as the page writes them (a day in the shop's zone), once that check is made.
 */
export function saidAgainWithin(
  english: object,
  words: object,
  stored: { message: string; say?: NestedSay | null | undefined },
  written: (say: NestedSay) => NestedSay = (say) => say,
): string {
  const say = stored.say;
  if (say === undefined || say === null || sentenceIn(english, say) !== stored.message) return stored.message;
  return sentenceIn(words, written(say)) ?? stored.message;
}
