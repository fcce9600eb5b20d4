/** 结账时每个运费选项下方显示的说明，使用买家的语言（运费请求的 `locale`）。 */
import type { Words } from "../en";

export const checkoutRates: Words["checkoutRates"] = {
  deliveredIn: (min, max, minText, maxText) => (min === max ? `预计 ${minText} 天送达` : `预计 ${minText}–${maxText} 天送达`),
  shippedByWarehouse: "由履约仓库发货",
  flatRate: "固定运费",
};
