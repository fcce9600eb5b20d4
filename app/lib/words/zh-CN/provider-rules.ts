/** 服务商请求规则与报关单字段规则的说法（en/provider-rules.ts），跟在字段名之后。 */
import { formatNumber } from "../../format";
import type { Words } from "../en";

const n = (value: number | string) => (typeof value === "number" ? formatNumber(value, "zh-CN") : value);

export const providerRules: Words["providerRules"] = {
  required: () => "为必填项",
  number: () => "必须是数字",
  numberExample: () => "必须是数字，例如 12.5",
  finiteNumber: () => "必须是有限的数字",
  text: () => "必须是文本",
  notEmpty: () => "不能为空",
  atLeastCharacters: (min) => `不能少于 ${n(min)} 个字符`,
  atMostCharacters: (max) => `不能超过 ${n(max)} 个字符`,
  codeCharacters: () => "只能包含字母、数字、连字符 (-) 和下划线 (_)",
  moreThanZero: () => "必须大于 0",
  notNegative: () => "不能为负数",
  lessThan: (limit, digits) => `必须小于 ${n(limit)}（小数点前最多 ${n(digits)} 位）`,
  decimalPlaces: (scale) => `最多保留 ${n(scale)} 位小数`,
  atLeast: (min) => `不能小于 ${n(min)}`,
  atMost: (max) => `不能大于 ${n(max)}`,
  atLeastUnits: (min) => `不能少于 ${n(min)} 件`,
  atMostUnits: (max) => `不能多于 ${n(max)} 件`,
  atLeastGrams: (min) => `不能少于 ${n(min)} 克`,
  atMostGrams: (max) => `不能超过 ${n(max)} 克`,
  wholeNumber: () => "必须是整数",
  emptyOrDigits: (min, max) => `须留空，或填写 ${n(min)} 到 ${n(max)} 位数字`,
  moreThanZeroGrams: () => "必须大于 0 克",
  declareNameCharacters: () => "只能包含字母、数字、空格和 _ - ( ) ' & , |（不能有重音字母或其他符号）",
  notOnlyDigits: () => "不能只由数字和空格组成",
  asciiOnly: () => "只能包含 ASCII 字符",
  dateTimeExample: () => "必须是日期时间，例如 2026-11-22T10:00:00Z",
  atLeastOneItem: () => "至少要有一项",
  atMostItems: (max) => `最多 ${n(max)} 项`,
  countryCode: () => "必须是两个字母的国家/地区代码，例如 US",
  iossNumber: () => "必须是 IM 加 10 位数字",
  declarationLines: (count) => `必须是该包裹的 ${n(count)} 行；请刷新页面`,
  packageAsSent: (said) => `${said}（按包裹发出时的信息：如果地址有误，请重试该订单）`,
  lineField: (label, line, sku) => `${label}（第 ${n(line)} 行，${sku}）`,
};
