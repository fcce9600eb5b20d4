/** What every Settings page does on the server: its settings as the form shows them, and saving its fields. */
import { json } from "@remix-run/node";
import prisma from "~/db.server";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { ShopSettings, ShopSettingsInput } from "~/stores/shops/shop-settings";
import type { Words } from "~/lib/words";
import { formValuesOf, type FieldError, type SettingsSection } from "./form";
import { readSettingsFormAndAddress, type FormReading } from "./form.server";
import type { SectionAnswer } from "./section-page";

export async function sectionForm(shop: string) {
  const settings = await getShopSettings(prisma, shop);
  return { settings, form: formValuesOf(settings) };
}

export const refused = (intent: string, message: string, errors: FieldError[] = []) =>
  json<SectionAnswer>({ intent, ok: false, message, errors }, { status: 400 });

/**
 * Saves a Settings page's fields, every other setting as stored, answering in `words` (the admin's:
 * wordsFor(localeOf(request))). `check` may refuse what only the provider can say (a warehouse it
 * does not have), at the page's fields; nothing is saved then.
 */
export async function saveSection(
  section: SettingsSection,
  shop: string,
  form: FormData,
  words: Words,
  check?: (settings: ShopSettingsInput, stored: ShopSettings) => Promise<FormReading | null>,
  /** What the page saves beside the settings (its alert channels), once everything was checked. */
  alsoSave?: () => Promise<void>,
) {
  const stored = await getShopSettings(prisma, shop);
  const reading = await readSettingsFormAndAddress(form, stored, words, section);
  const checked = reading.ok && check ? ((await check(reading.settings, stored)) ?? reading) : reading;
  if (!checked.ok)
    return json<SectionAnswer>(
      { intent: "save", ok: false, message: words.settings.notSaved, errors: checked.errors, result: checked.result },
      { status: 400 },
    );
  await saveSettingsAndEnsureServices(prisma, shop, checked.settings);
  await alsoSave?.();
  return json<SectionAnswer>({ intent: "save", ok: true, message: words.settings.saved });
}
