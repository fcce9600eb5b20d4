import { describe, expect, it } from "vitest";
import { CountryCode } from "../../connector/countries";
import { ruleMessage } from "../../fulfilment/schemas/rules";
import { wordsFor } from "./index";
import { ruleText } from "./rule-said";

const chinese = wordsFor("zh-CN").providerRules;

describe("a provider's rule said again in the admin's words", () => {
  it("says a rule's English message by its sentence, its numbers written for the reader", () => {
    expect(ruleText(chinese, ruleMessage("atMostUnits", 2147483647))).toBe("不能多于 2,147,483,647 件");
    expect(ruleText(chinese, CountryCode.safeParse("USA").error?.issues[0]?.message ?? "")).toBe("必须是两个字母的国家/地区代码，例如 US");
  });

  it("says a rule inside another's in the same words, and leaves the provider's own words as it wrote them", () => {
    const asSent = ruleMessage("packageAsSent", ruleMessage("atMostCharacters", 35));
    expect(asSent).toBe("must be at most 35 characters (the package as sent: retry the order if its address is wrong)");
    expect(ruleText(chinese, asSent)).toBe("不能超过 35 个字符（按包裹发出时的信息：如果地址有误，请重试该订单）");
    expect(ruleText(chinese, "SKU X is not registered")).toBe("SKU X is not registered");
    expect(ruleText(wordsFor("en").providerRules, asSent)).toBe(asSent);
  });
});
