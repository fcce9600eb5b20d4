/** 提醒渠道无法发送的原因（片段，放在首页和“发送测试提醒”的句子中）。 */
import type { Words } from "../en";

export const channelRefusals: Words["channelRefusals"] = {
  noWebhookAddress: () => "尚未保存 Webhook 地址",
  noMailServer: () => "尚未保存邮件服务器",
  webhookRedirects: (status) => `Webhook 返回了重定向（${status}），应用不会跟随重定向`,
  webhookAnswered: (status) => `Webhook 返回了 ${status}`,
};
