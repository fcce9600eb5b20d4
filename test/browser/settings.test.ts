/**
 * The Settings pages in the browser: the overview leads to each page; a changed value raises the
 * admin's save bar, is saved from it and is still there after a reload; an invalid one is refused,
 * with the rule it breaks shown under its own field, and nothing is saved; leaving a page with
 * changes not saved asks first, and Discard puts the fields back.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

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

describe("the settings pages", () => {
  it(
    "lead from the overview to a page whose changed value is saved from the save bar, and still there after a reload",
    async () => {
      const settings = await admin.openAdminPage("/app/settings");
      const { page } = settings;
      await expectVisible(page.getByRole("heading", { name: "Settings", level: 1 }));
      await expectVisible(page.getByText("Nothing set up yet: no warehouse, no drop-ship."));
      await settings.audit();

      await settings.mainAction(() => page.getByRole("link", { name: "Customs and tax numbers" }).click());
      await expectVisible(page.getByRole("heading", { name: "Customs and tax numbers", level: 1 }));
      // Nothing changed yet: no save bar.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      await page.getByLabel("Default customs name").fill("Home goods");
      await page.getByLabel("Default HS code").fill("691200");
      await settings.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Settings saved."));
      // Saved: nothing is left to save.
      await page.locator("ui-save-bar[data-shown]").waitFor({ state: "detached" });
      await settings.audit();

      // Opened again, as the admin reloads it.
      const again = await admin.openAdminPage("/app/settings/customs", { name: "/app/settings/customs (again)" });
      expect(await again.page.getByLabel("Default customs name").inputValue()).toBe("Home goods");
      expect(await again.page.getByLabel("Default HS code").inputValue()).toBe("691200");
      await again.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "refuse an invalid value, naming the rule under its field, and save nothing",
    async () => {
      const s = admin.stack();
      const before = await getShopSettings(s.db, s.shop);
      const customs = await admin.openAdminPage("/app/settings/customs", { name: "/app/settings/customs (refused)" });
      const { page } = customs;
      customs.allowConsoleError(/status of 400/, "the app answers a refused form with 400, and Chromium logs every 4xx");

      const ioss = page.getByLabel("IOSS number");
      await ioss.fill("IM12");
      await customs.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("The settings were not saved: correct the fields below."));

      expect(await ioss.getAttribute("aria-invalid")).toBe("true");
      const error = await fieldError(ioss);
      expect(error.text).toContain("must be IM followed by 10 digits");
      expect(error.gapPx).toBeGreaterThanOrEqual(0);
      expect(error.gapPx).toBeLessThan(24);
      // The value stays as typed, to correct it, and the save bar stays: it is not saved.
      expect(await ioss.inputValue()).toBe("IM12");
      await expectVisible(saveBarButton(page, "Save"));
      await customs.audit();

      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "let company orders on net terms wait: the box unticked on Orders and after sending is saved from the save bar",
    async () => {
      const s = admin.stack();
      const orders = await admin.openAdminPage("/app/settings/orders");
      const { page } = orders;
      await expectVisible(page.getByText("Company orders on payment terms"));
      const net = page.getByLabel("Ship orders on net terms");
      // By default net, fixed-date and on-fulfillment terms ship; due on receipt waits.
      expect(await net.isChecked()).toBe(true);
      expect(await page.getByLabel("Ship orders due on fulfillment").isChecked()).toBe(true);
      expect(await page.getByLabel("Ship orders due on a fixed date").isChecked()).toBe(true);
      expect(await page.getByLabel("Ship orders due on receipt").isChecked()).toBe(false);
      await orders.audit();

      await net.uncheck();
      await orders.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Settings saved."));
      expect((await getShopSettings(s.db, s.shop)).orders.shipOnTerms).toEqual({
        FULFILLMENT: true,
        NET: false,
        FIXED: true,
        RECEIPT: false,
      });
      await orders.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "ask before leaving a page with changes not saved, and Discard puts the fields back",
    async () => {
      const s = admin.stack();
      const before = await getShopSettings(s.db, s.shop);
      const catalogue = await admin.openAdminPage("/app/settings/catalogue");
      const { page } = catalogue;
      const interval = page.getByLabel("Sync every (minutes)");
      const stored = await interval.inputValue();
      const declaredValue = page.getByLabel("Declared value of a unit");
      const storedDeclaredValue = await declaredValue.inputValue();
      await interval.fill("45");
      await expectVisible(saveBarButton(page, "Save"));

      // The page's back link: asked first; Stay keeps the change.
      await page.getByRole("link", { name: "Settings" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expectVisible(dialog);
      await dialog.getByRole("button", { name: "Stay" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await interval.inputValue()).toBe("45");
      await catalogue.audit();

      await saveBarButton(page, "Discard").click();
      await expectVisible(page.getByLabel("Sync every (minutes)"));
      await page.waitForFunction(
        (value) => (document.querySelector('input[name="stockSync.intervalMinutes"]') as HTMLInputElement | null)?.value === value,
        stored,
      );
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      // A select is put back too, not left blank.
      expect(await declaredValue.inputValue()).toBe(storedDeclaredValue);
      expect(await declaredValue.evaluate((select: HTMLSelectElement) => select.selectedIndex)).toBeGreaterThanOrEqual(0);

      // Nothing to save now: the back link leaves at once.
      await catalogue.mainAction(() => page.getByRole("link", { name: "Settings" }).first().click());
      await expectVisible(page.getByRole("heading", { name: "Settings", level: 1 }));
      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
