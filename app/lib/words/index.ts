/**
 * The admin's words in the admin's language (decision 0045): English and Simplified Chinese. Any
 * Chinese the admin names ("zh", "zh-CN", "zh-TW", "zh-Hant-HK") reads the Simplified catalogue,
 * which a reader of Traditional Chinese follows better than English; everything else reads English.
 */
import { en, type Words } from "./en";
import { zhCN } from "./zh-CN";

export type { Words };

/** Each language the admin speaks, by the tag its catalogue is written for. */
export const CATALOGUES: Readonly<Record<"en" | "zh-CN", Words>> = { en, "zh-CN": zhCN };

/** The language a catalogue is chosen for: "zh-CN" for any Chinese, else "en". */
export const languageOf = (locale: string): keyof typeof CATALOGUES => (/^zh\b/i.test(locale) ? "zh-CN" : "en");

export const wordsFor = (locale: string): Words => CATALOGUES[languageOf(locale)];
