/** 应用拒绝商家填写的地址（服务商接口地址、提醒 Webhook、邮件服务器）的原因。地址按填写的原样引用。 */
import type { Words } from "../en";

export const publicAddress: Words["publicAddress"] = {
  notHttps: (origin) => `${origin} 不是 https 地址：此处只允许 https`,
  carriesLogin: (host) => `${host} 的地址中带有用户名或密码`,
  resolvesToNotPublic: (host, address) => `${host} 解析为 ${address}，这不是公网地址`,
  notPublic: (host) => `${host} 不是公网地址`,
  resolvesToNothing: (host) => `${host} 没有解析到任何地址`,
  notFound: (host, code) => `找不到 ${host}（${code}）`,
  notFoundNoAnswer: (host) => `找不到 ${host}（无应答）`,
  liveNeedsPublicHttps: (why) => `${why}（正式环境只会把您的服务商令牌发送到公网 https 地址）`,
};
