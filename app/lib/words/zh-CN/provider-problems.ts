/** 页面自己调用服务商失败时的说法（en/provider-problems.ts）；服务商的原话照录。 */
import type { Words } from "../en";

export const providerProblems: Words["providerProblems"] = {
  unreachable: "无法连接到服务商。请过几分钟再试；如果一直失败，请在“设置 > 服务商连接”中检查服务商的地址。",
  unreachableInTime: "未能及时连接到服务商。请过几分钟再试；如果一直失败，请在“设置 > 服务商连接”中检查服务商的地址。",
  notAnswering: (reference) => `服务商目前响应异常${reference}。请过几分钟再试。`,
  credentialsRefused: (reference) => `服务商拒绝了本应用的凭据${reference}。请在“设置 > 服务商连接”中重新连接服务商。`,
  refused: (reference) => `服务商拒绝了这次请求${reference}。`,
  refusedBecause: (details, reference) => `服务商拒绝了这次请求：${details}${reference}。`,
  unusable: (reference, message) => `无法使用服务商的答复${reference}。如果再次发生，请把以下内容提供给本应用的支持人员：${message}`,
  reference: (status, ticket) => {
    const parts = [status === "" ? null : `HTTP ${status}`, ticket === "" ? null : `工单 ${ticket}`].filter((part) => part !== null);
    return parts.length === 0 ? "" : `（${parts.join("，")}）`;
  },
  detailsSeparator: "；",
};
