/** 设置 > 报关与税号：商品本身未填写时报关单使用的内容，以及店铺的税号。 */
import type { Words } from "../en";

export const settingsCustoms: Words["settingsCustoms"] = {
  title: "报关与税号",
  subtitle: "商品本身未填写时，报关单使用的内容。",
  customsTitle: "报关",
  customsDescription: "用于自身资料无法直接申报的商品：标题含有海关不接受的字符，或没有 HS 编码。",
  declareName: "默认申报品名",
  declareNamePlaceholder: "例如 Home goods",
  declareNameHelp: "英文字母、数字、空格以及 _ - ( ) ' & , |。",
  hsCode: "默认 HS 编码",
  hsCodePlaceholder: "例如 691200",
  hsCodeHelp: "6 至 50 位数字。",
  currency: "申报价值币种",
  currencies: {
    PRESENTMENT: "顾客实际支付的金额，按顾客的币种",
    SHOP: "店铺的币种",
  },
  taxTitle: "税号",
  taxDescription: "随需要的包裹一起发送：货值不超过 150 欧元的欧盟包裹使用 IOSS，另有欧盟和英国的 VAT 税号。",
  ioss: "IOSS 号码",
  iossPlaceholder: "例如 IM1234567890",
  euVatNumber: "欧盟 VAT 税号",
  euVatNumberPlaceholder: "例如 DE123456789",
  ukVatNumber: "英国 VAT 税号",
  ukVatNumberPlaceholder: "例如 GB123456789",
  errors: {
    atMostCharacters: (max: string) => `不能超过 ${max} 个字符`,
    declareNameCharacters: "只能包含英文字母、数字、空格以及 _ - ( ) ' & , |（不能有重音字母或其他符号）",
    declareNameNotOnlyDigits: "不能只由数字和空格组成",
    hsCode: "必须留空，或为 6 至 50 位数字",
    ioss: "必须是 IM 加 10 位数字",
    euVatNumber: "必须是国家代码加 2 至 13 位字母或数字",
    ukVatNumber: "必须是 GB 加 9 位或 12 位数字",
  },
};
