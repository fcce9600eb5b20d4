/** 登录页（Shopify 后台之外）：要登录的店铺。 */
import type { Words } from "../en";

export const login: Words["login"] = {
  title: "登录",
  shopDomain: "店铺域名",
  shopDomainHelp: "例如：example.myshopify.com",
  logIn: "登录",
  errors: {
    missingShop: "请输入您的店铺域名以登录",
    invalidShop: "请输入有效的店铺域名以登录",
  },
};
