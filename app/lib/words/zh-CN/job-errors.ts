/** 后台任务停止的原因（任务以句子保存，停止的任务列表和任务停止提醒据此以商家的语言显示）。 */
import type { Words } from "../en";
import { dayWritten } from "../en/job-errors";
import { jobName } from "../job-name";
import { shipments } from "./shipments";

const reconnect = "请在“设置 > 服务商连接”中重新连接服务商。";

export const jobErrors: Words["jobErrors"] = {
  providerNotConnected: (shop) =>
    `正式模式需要连接服务商，但 ${shop} 尚未保存任何连接：请在“设置 > 服务商连接”中连接服务商或输入其 API 令牌，然后重试。`,
  oauthCannotRenew: (shop) =>
    `${shop} 通过 OAuth 连接服务商，但本次安装未设置用于续期连接的 PROVIDER_CLIENT_ID 和 PROVIDER_CLIENT_SECRET。` +
    "请联系应用的运营方进行设置，或在“设置 > 服务商连接”中输入 API 令牌。",
  credentialsInOtherFormat: (shop) => `为 ${shop} 保存的服务商凭据不是本应用写入的格式。${reconnect}`,
  credentialsUnderOtherKey: (shop, keyId, currentKeyId, oldKeys) =>
    `为 ${shop} 保存的服务商凭据是用另一个密钥加密的（密钥 ID ${keyId}；PROVIDER_CREDENTIALS_KEY 的密钥 ID 为 ${currentKeyId}` +
    `${oldKeys === "" ? "" : `，PROVIDER_CREDENTIALS_OLD_KEYS 为 ${oldKeys}`}）。请恢复保存时所用的密钥（作为旧密钥），或者：${reconnect}`,
  credentialsAltered: (shop) => `为 ${shop} 保存的服务商凭据已被篡改，或属于另一家店铺。${reconnect}`,
  credentialsNotReadable: (shop) => `为 ${shop} 保存的服务商凭据无法读取。${reconnect}`,
  credentialsIncomplete: (shop, fields) => `为 ${shop} 保存的服务商凭据不完整（${fields}）。${reconnect}`,
  providerAddressUnusable: (why) => `“设置 > 服务商连接”中的服务商地址不可用：${why}。请更正后重试。`,
  appNotInstalled: (shop) => `${shop} 未安装本应用：没有可用于调用 Shopify 的访问令牌。请重新安装本应用后重试。`,
  postponed: (until, why) => `推迟到 ${until}：${why}`,
  jobStopped: (kind, why) => `${jobName(shipments.jobs, kind)}：${why}`,
  stoppedByUninstall: (shop, at) => `已停止：应用已于 ${dayWritten(at, "zh-CN")} 从 ${shop} 卸载`,
  workerVanished: (attempts) => `尝试 ${attempts} 次后放弃：最后一次运行时，应用的后台进程停止了响应（重启或崩溃）。请重试。`,
  servicesRefused: (why) =>
    `Shopify 拒绝将仓库设置为本应用的履约服务（${why}）。请更正其指出的问题（另一个应用已有同名服务，或本应用缺少某项权限），然后重试。`,
  settingsUnreadable: (shop, why) =>
    `为 ${shop} 保存的设置无法读取（${why}）。请在“设置”中检查并重新保存，然后重试；如果无法保存，请联系应用的运营方。`,
  unknownKind: (kind) => `没有名为“${kind}”的任务类型：此版本的后台进程无法运行它（可能由较新或较旧版本的应用加入队列，或由人工加入）`,
  noHandler: (kind) => `此后台进程没有 ${kind} 任务的处理程序：请联系应用的运营方运行包含该处理程序的同版本后台进程，然后重试`,
  payloadUnreadable: (why) => `此版本的应用无法读取该任务入队时附带的数据：${why}`,
  payloadOfOtherShop: (named, shop) =>
    `该任务指明的店铺是 ${named}，但它是为${shop === "" ? "无店铺" : ` ${shop} `}加入队列的：为避免改动其他店铺的数据，它没有运行`,
  gaveUp: (attempts, why) => `尝试 ${attempts} 次后放弃。${why}`,
};
