/** “立即发送”和订单页面区块的“重试”的回答。服务商客户端停下的原因（why）照原样引用。 */
import type { Words } from "../en";
import { shipment } from "./shipment";

const stateName = (state: string) => (shipment.states as Record<string, string>)[String(state)] ?? String(state);

export const orderBlock: Words["orderBlock"] = {
  sentCreated: (packageId) => `已立即作为包裹 ${packageId} 发送给服务商（已创建）；创建后会显示物流单号。`,
  sentAlreadyKnown: (packageId) => `已立即作为包裹 ${packageId} 发送给服务商（服务商已有该包裹，未做更改）；创建后会显示物流单号。`,
  cannotSendAsStored: () => "保存的包裹无法按原样发送：请重试，按订单重新规划。",
  providerRefused: () => "服务商拒绝了该包裹：请修正其指出的问题，然后重试。",
  providerBusy: () => "服务商此刻繁忙：该包裹将随其仓库的下一批发送。",
  notSent: (why) => `未发送：${why}`,
  noSuchShipment: () => "此店铺中没有该发货单。",
  onlyWaitingOnes: (state) => `只有等待发送的包裹可以立即发送；该包裹的状态是“${stateName(state)}”。`,
  withdrawn: () => "Shopify 中的取消或修改撤回了该包裹：应用正在向服务商确认是否收到，不会再发送任何内容。",
  beingSentAlready: () => "该包裹已在发送中。",
  beingSentWithBatch: () => "该包裹此刻正随其仓库的批次发送。",
  noAnswerSendsAgain: () => "服务商没有回复。应用稍后会用同一包裹编号再次发送，因此不会重复创建。",
  fulfilmentWrittenAgain: () => "已重新排队：履约信息将重新写入 Shopify。",
  noSessionToken: () => "请重新登录：请求中没有会话令牌。",
  noSuchOrder: () => "此店铺中没有该订单。",
  noSuchShipmentOnOrder: () => "此店铺的该订单中没有该发货单。",
  notAnOrderId: (field) => `${field} 必须是订单编号或其 gid://shopify/Order/… ID。`,
  fieldRequired: (field) => `${field} 为必填项。`,
  notAnAction: (field) => `${field} 只能是 send 或 retry。`,
  fieldNotValid: (field) => `${field} 无效。`,
};
