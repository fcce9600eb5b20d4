/** 客户数据请求：Shopify 代店铺顾客提出的请求（索取数据副本或删除数据）、每个请求的进展，以及报告的下载。 */
import type { Words } from "../en";

export const dataRequests: Words["dataRequests"] = {
  title: "客户数据请求",
  subtitle: "顾客通过 Shopify 就其数据提出的请求，以及本应用的处理情况",
  emptyHeading: "暂无客户数据请求",
  emptyBody: "当顾客向 Shopify 索取其数据副本或要求删除其数据时，请求和本应用的处理情况会显示在这里。",
  resourceName: { singular: "请求", plural: "请求" },
  columns: {
    received: "收到时间",
    request: "请求",
    customer: "顾客",
    orders: "订单",
    status: "状态",
    report: "报告",
  },
  kinds: {
    CUSTOMER_DATA_REQUEST: "数据请求",
    CUSTOMER_REDACT: "数据删除",
  },
  shopifyRequest: (id) => `Shopify 请求 ${id}`,
  status: {
    beingWorkedOn: "处理中",
    reportWritten: (date) => `报告已于 ${date} 生成`,
    reportErased: (date) => `报告已于 ${date} 生成，之后因顾客要求删除数据而被清除`,
    reportRemoved: (date, days) => `报告已于 ${date} 生成，之后已移除：报告只保留 ${days} 天`,
    erased: (date) => `已于 ${date} 删除`,
  },
  download: "下载",
  downloadLabel: (request) => `下载请求 ${request} 的报告`,
  saved: (fileName) => `已保存 ${fileName}。请按 Shopify 请求中的要求发送给顾客。`,
  notDownloaded: (why) => `无法下载报告：${why}`,
  report: {
    unknown: "本店铺没有这个客户数据请求。",
    notReady: "该请求的报告尚未生成：会在 Shopify 发出请求后几分钟内生成。",
    erased: "报告已被清除：之后顾客的数据已按要求删除（customers/redact）。",
    removed: (days) => `报告在生成 ${days} 天后已移除：它是顾客数据的副本。`,
  },
};
