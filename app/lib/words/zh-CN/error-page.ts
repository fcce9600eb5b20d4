/** 页面加载失败或地址不存在时显示的页面。 */
import type { Words } from "../en";

export const errorPage: Words["errorPage"] = {
  title: "出错了",
  body: "应用无法显示此页面。请稍后重新加载。如果一直出现，应用的运营方可以按发生的时间在应用日志中找到原因。",
  notFoundTitle: "此页面不存在",
  notFoundBody: "应用中没有这个地址。请从 Shopify 后台重新打开应用。",
};
