/** 后台任务（读取商品目录、SKU 备案、库存同步）的进度。 */
import type { Words } from "../en";

export const runProgress: Words["runProgress"] = {
  starting: "正在开始…",
  finished: (at) => `完成于 ${at}`,
  working: "处理中…",
  done: "已完成。",
};
