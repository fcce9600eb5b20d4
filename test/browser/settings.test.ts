/**
 * The Settings page in the browser: a changed value is saved and still there after a reload; an
 * invalid one is refused, with the rule it breaks shown under its own field, and nothing is saved.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** The field's error as the merchant sees it: the text it is described by, shown just below it. */
async function fieldError(field: Locator): Promise<{ text: string; gapPx: number }> {
  const ids = (await field.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const page = field.page();
  for (const id of ids) {
    const described = page.locator(`[id="${id}"]`);
    if (!/Error$/.test(id) || !(await described.isVisible())) continue;
    const [fieldBox, errorBox] = await Promise.all([field.boundingBox(), described.boundingBox()]);
    if (!fieldBox || !errorBox) continue;
    return { text: await described.innerText(), gapPx: errorBox.y - (fieldBox.y + fieldBox.height) };
  }
  throw new Error(`the field is described by no visible error (aria-describedby: ${ids.join(" ") || "none"})`);
}

describe("the settings page", () => {
  it(
    "saves a changed value, which is still there after a reload",
    async () => {
      const settings = await admin.openAdminPage("/app/settings");
      const { page } = settings;
      await expectVisible(page.getByRole("heading", { name: "Settings", level: 1 }));
      await expectVisible(page.getByText("Not connected: live mode needs an API token"));

      await page.getByLabel("Default customs name").fill("Home goods");
      await page.getByLabel("Default HS code").fill("691200");
      await settings.mainAction(() => page.getByRole("button", { name: "Save", exact: true }).first().click());
      await expectVisible(page.getByText("Settings saved."));
      await settings.audit();

      await page.reload();
      expect(await page.getByLabel("Default customs name").inputValue()).toBe("Home goods");
      expect(await page.getByLabel("Default HS code").inputValue()).toBe("691200");
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "refuses an invalid value, naming the rule under its field, and saves nothing",
    async () => {
      const s = admin.stack();
      const before = await getShopSettings(s.db, s.shop);
      const settings = await admin.openAdminPage("/app/settings", { name: "/app/settings (refused)" });
      const { page } = settings;
      settings.allowConsoleError(/status of 400/, "the app answers a refused form with 400, and Chromium logs every 4xx");

      const ioss = page.getByLabel("IOSS number");
      await ioss.fill("IM12");
      await settings.mainAction(() => page.getByRole("button", { name: "Save", exact: true }).first().click());
      await expectVisible(page.getByText("The settings were not saved: correct the fields below."));

      expect(await ioss.getAttribute("aria-invalid")).toBe("true");
      const error = await fieldError(ioss);
      expect(error.text).toContain("must be IM followed by 10 digits");
      expect(error.gapPx).toBeGreaterThanOrEqual(0);
      expect(error.gapPx).toBeLessThan(24);
      // The value stays as typed, to correct it.
      expect(await ioss.inputValue()).toBe("IM12");
      await settings.audit();

      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
