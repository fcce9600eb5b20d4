/**
 * The provider's request rules (app/fulfilment/schemas/rules.ts) and a customs declaration's
 * (app/connector/declaration.ts), said in the admin's language. A rule keeps its English message,
 * which the provider client's checks, logs and older code read; it makes that message here from a
 * sentence of `providerRules`, which remembers the sentence it came from, so a form or a page can say
 * the same rule again in the admin's words (`ruleText`). zod carries only a message on its issues,
 * hence the message as the key: two rules giving the same English say the same thing.
 */
import { z } from "zod";
import type { Words } from "./en";
import { providerRules } from "./en/provider-rules";
import { saidFrom, textIn, type Say } from "./reason-said";

type Rules = typeof providerRules;
const say = saidFrom(providerRules);
/** Every English message a rule has made so far, and the sentence it was made from. */
const sentenceOf = new Map<string, Say>();

/** A rule's English message, made from its sentence (kept, to be said again in another language). */
export function ruleMessage<K extends keyof Rules & string>(key: K, ...args: Parameters<Rules[K]>): string {
  const said = say(key, ...args);
  sentenceOf.set(said.message, said.say);
  return said.message;
}

/** A rule's message in these words; a message no rule made (the provider's own words) as it came. */
export function ruleText(words: Words["providerRules"], message: string): string {
  const say = sentenceOf.get(message);
  if (say === undefined) return message;
  // A rule's message inside another's ("… (the package as sent: …)") is said in these words too.
  const args = say.args.map((arg) => (typeof arg === "string" && arg !== message ? ruleText(words, arg) : arg));
  return textIn(words, { message, say: { key: say.key, args } });
}

/**
 * The provider's rule, each issue it finds said in these words: the rule stays written once in
 * app/fulfilment/schemas. For rules that check, not transform: the value goes on as it came. A
 * refinement, so the checks of the form around the field still run when it is wrong (as `saidIn`).
 */
export function ruleSaidIn(words: Words["providerRules"]) {
  // A function, not a generic arrow: the words check reads files as TSX, where `<T>(` opens an element.
  return function said<T>(rule: z.ZodType<T, T>) {
    return z.custom<T>().superRefine((value, context) => {
      const checked = rule.safeParse(value);
      if (checked.success) return;
      for (const issue of checked.error.issues)
        context.addIssue({ code: "custom", message: ruleText(words, issue.message), path: issue.path });
    });
  };
}
