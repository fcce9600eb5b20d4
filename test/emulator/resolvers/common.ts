/** Small value objects shared by many types: money, weights, addresses. */
import { APP_ID, APP_TITLE, gid } from "../ids";
import type { Address, Weight } from "../state";
import type { View } from "./types";

export function moneyV2(amount: string, currencyCode: string): View {
  return { __typename: "MoneyV2", amount, currencyCode };
}

/** Shop and presentment currency are the same in the emulator (no multi-currency checkout). */
export function moneyBag(amount: string, currencyCode: string): View {
  return { __typename: "MoneyBag", shopMoney: moneyV2(amount, currencyCode), presentmentMoney: moneyV2(amount, currencyCode) };
}

export function weightView(weight: Weight | null): View | null {
  return weight ? { __typename: "Weight", value: weight.value, unit: weight.unit } : null;
}

function formattedLines(a: Address, withName: boolean, withCompany: boolean): string[] {
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
  return [
    withName ? name : "",
    withCompany ? (a.company ?? "") : "",
    a.address1 ?? "",
    a.address2 ?? "",
    [a.city, a.provinceCode, a.zip].filter(Boolean).join(" "),
    a.country ?? "",
  ].filter((line) => line !== "");
}

export function mailingAddressView(address: Address | null, id: number): View | null {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  return {
    __typename: "MailingAddress",
    id: gid("MailingAddress", id, "model_name=Address"),
    firstName: address.firstName,
    lastName: address.lastName,
    name: name || null,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    provinceCode: address.provinceCode,
    country: address.country,
    countryCodeV2: address.countryCode,
    zip: address.zip,
    phone: address.phone,
    latitude: address.latitude,
    longitude: address.longitude,
    coordinatesValidated: false,
    formattedArea: [address.city, address.provinceCode, address.country].filter(Boolean).join(", ") || null,
    formatted: (args: { withName?: boolean; withCompany?: boolean }) =>
      formattedLines(address, args.withName ?? false, args.withCompany ?? true),
  };
}

/** The app the emulator serves (holds it placed, risk assessments it made). */
export function appView(): View {
  return { __typename: "App", id: gid("App", APP_ID), title: APP_TITLE, handle: "fulfilment-connector", embedded: true };
}
