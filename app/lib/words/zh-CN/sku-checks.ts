/**
 * SKU 目前无法向服务商备案的原因。字段的规则是服务商接口的英文原话：已知的规则在这里译成中文，
 * 不认识的规则按原文引用。
 */
import type { Words } from "../en";

const sizeFix = "请在“商品”页面该 SKU 的条目中填写尺寸，或在“设置 > 商品目录与库存”中填写默认尺寸。";

const FIELDS: Readonly<Record<string, { label: string; fix: string }>> = {
  Sku: { label: "SKU", fix: "请在 Shopify 中为该变体填写不超过 100 个字符的 SKU。" },
  ProductName: { label: "商品名称", fix: "请在 Shopify 中缩短商品或变体的标题。" },
  ProductDescription: { label: "描述", fix: "请在 Shopify 中为商品填写标题。" },
  Weight: { label: "重量", fix: "请在 Shopify 中填写该变体的重量（商品的“运输”部分）。" },
  Length: { label: "长", fix: sizeFix },
  Width: { label: "宽", fix: sizeFix },
  Height: { label: "高", fix: sizeFix },
  DeclareName: {
    label: "报关名称",
    fix: "请在“商品”页面该 SKU 的条目中填写英文报关名称，或在“设置 > 报关与税号”中填写默认报关名称。",
  },
  HsCode: {
    label: "HS 编码",
    fix: "请在 Shopify 中更正 HS 编码（商品的“运输”部分），或在“商品”页面该 SKU 的条目中填写。",
  },
  DeclareValue: {
    label: "申报价值",
    fix: "请在“商品”页面该 SKU 的条目中填写申报价值，或在 Shopify 中为该变体设置价格（或成本）。",
  },
};

/** The provider's rules as its schema words them (fulfilment/schemas/rules.ts), in Chinese. */
const RULES: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^must not be empty$/, () => "不能为空"],
  [/^must be at most ([\d,]+) characters$/, (max = "") => `最多 ${max} 个字符`],
  [/^must be at least ([\d,]+) characters$/, (min = "") => `至少 ${min} 个字符`],
  [/^must be more than 0$/, () => "必须大于 0"],
  [/^must not be negative$/, () => "不能为负数"],
  [/^must be a whole number$/, () => "必须是整数"],
  [/^must be a finite number$/, () => "必须是有效数字"],
  [/^must have at most (\d+) decimal places$/, (scale = "") => `最多保留 ${scale} 位小数`],
  [
    /^must be less than ([\d,]+) \(at most (\d+) digits before the decimal point\)$/,
    (limit = "", digits = "") => `必须小于 ${limit}（小数点前最多 ${digits} 位）`,
  ],
  [/^must be empty or (\d+) to (\d+) digits$/, (min = "", max = "") => `必须为空，或为 ${min} 至 ${max} 位数字`],
  [/^must not consist only of digits and spaces$/, () => "不能只由数字和空格组成"],
  [
    /^may contain only letters, digits, spaces and (.+) \(no accents or other symbols\)$/,
    (marks = "") => `只能包含英文字母、数字、空格和 ${marks}（不能有带重音的字母或其他符号）`,
  ],
];

function ruleText(rule: string): string {
  for (const [pattern, say] of RULES) {
    const found = pattern.exec(rule);
    if (found) return say(...found.slice(1));
  }
  return rule;
}

export const skuChecks: Words["skuChecks"] = {
  noSku: () => "缺少 SKU：没有 SKU 的变体无法发送给服务商。请在 Shopify 中为它填写 SKU。",
  noWeight: () => `缺少重量。${FIELDS.Weight?.fix ?? ""}`,
  noSize: () => `缺少尺寸：服务商需要每件商品的长、宽、高。${sizeFix}`,
  noDeclaredValue: () => `缺少申报价值。${FIELDS.DeclareValue?.fix ?? ""}`,
  fieldIssue: (field, rule) => {
    const known = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
    return known ? `${known.label}：${ruleText(rule)}。${known.fix}` : `${field}：${ruleText(rule)}。`;
  },
};
