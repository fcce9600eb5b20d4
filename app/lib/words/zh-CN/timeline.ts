/** 发货单时间线上由处理流程写下的事件（重试、Shopify 中的修改、刷新、发送），以及“重试”“刷新”未做更改时的回答。服务商和 Shopify 自己的话照原样引用。 */
import type { Words } from "../en";
import { shipment } from "./shipment";

const at = (kind: string, code: string) => (kind === "OUTBOUND" ? `仓库 ${code}` : kind === "DROPSHIP" ? `一件代发地点 ${code}` : code);
/** 已没有可发货内容的履约订单在 Shopify 中的状态。 */
const FULFILLMENT_STATUS: Record<string, string> = { CLOSED: "已关闭", CANCELLED: "已取消", INCOMPLETE: "已按未完成关闭" };
const stateName = (state: string) => (shipment.states as Record<string, string>)[String(state)] ?? String(state);

/** 句子放进括号里时去掉句末的句号。 */
const asClause = (sentence: string) => String(sentence).replace(/[。.\s]+$/, "");

/** 与报关表单上的字段名一致。 */
const DECLARED_FIELDS: Record<string, string> = {
  weight: "包裹重量（克）",
  length: "长（厘米）",
  width: "宽（厘米）",
  height: "高（厘米）",
  vatCode: "VAT 税号",
  ioss: "IOSS 编号",
  declareNameEn: "英文申报品名",
  declareNameCn: "当地语言申报品名",
  declareValue: "单件申报价值",
  hsCode: "HS 编码",
  unitWeight: "单件重量（克）",
  materialEn: "材质",
};
const noneIfEmpty = (value: string) => (value === "" ? "（无）" : value);
const declaredField = (field: string) => DECLARED_FIELDS[String(field)] ?? String(field);

/** 履约订单在 Shopify 中的状态。 */
const FO_STATUS: Record<string, string> = {
  OPEN: "待处理",
  IN_PROGRESS: "处理中",
  SCHEDULED: "已预定",
  ON_HOLD: "暂缓中",
  CLOSED: "已关闭",
  CANCELLED: "已取消",
  INCOMPLETE: "未完成",
};

export const timeline: Words["timeline"] = {
  retriedByMerchant: () => "商家已重试",
  foundOpen: (planned) => `应用查找此地点已有的订单时发现它尚未完成。${planned}`,
  orderChangedInShopify: () => "订单在 Shopify 中有修改",
  waitSettingsChanged: () => "店铺关于等待中订单的设置已更改",
  orderUpdated: () => "订单在 Shopify 中已更新",
  orderEdited: () => "订单在 Shopify 中已编辑",
  orderPaid: () => "订单已付款",
  riskAssessmentChanged: () => "Shopify 对该订单的欺诈检查结果有变化",
  partRefunded: () => "订单已部分退款",
  putOnHold: () => "履约订单在 Shopify 中被暂缓",
  holdReleased: () => "履约订单在 Shopify 中已解除暂缓",
  scheduledDateCame: () => "预定发货日期已到",
  rescheduled: () => "履约订单在 Shopify 中已重新预定日期",
  fulfillmentOrderSplit: () => "履约订单在 Shopify 中被拆分",
  fulfillmentOrdersMerged: () => "履约订单在 Shopify 中被合并",
  fulfillmentOrderMoved: () => "履约订单在 Shopify 中被转移到其他地点",
  orderAlsoChanged: (changes, next) => `${changes}；${next}`,

  replannedNothingSent: (who, reason) => `${who}：${reason}没有发送任何内容。`,
  replannedHeld: (who, what) => `${who}，已暂缓。${what}`,
  replannedStillHeld: (who, what) => `${who}，仍然暂缓。${what}`,
  replannedReady: (who, summary) => `${who}：${summary}`,
  replannedReadyAnew: (who, summary) => `${who}：${summary}已要求服务商重新创建该包裹（IsCreateNewOrder）。`,
  plannedAfterChange: (changes, what) => `${changes}。${what}`,
  notSentClosedInShopify: (changes, status) =>
    `${changes}：其履约订单在 Shopify 中${status === "" ? "已不存在" : (FULFILLMENT_STATUS[String(status)] ?? `状态为 ${String(status)}`)}，因此不发送该包裹。`,
  notSentUnservedLocation: (changes) => `${changes}：它现在位于服务商不服务的地点，需由商家以其他方式发货。`,
  nothingSentToProvider: (why) => `${why}没有向服务商发送任何内容。`,
  writtenToShopifyAgain: () => "商家已重试：履约信息将重新写入 Shopify。",

  checkedGoesTo: (packageId, kind, code, service) => `包裹 ${packageId} 已通过检查：将从${at(kind, code)} 以物流服务 ${service} 发出。`,
  waitsForReviewAt: (packageId, kind, code) => `${at(kind, code)} 的包裹 ${packageId} 需经审核后才会发送。`,

  sentAccepted: (kind, code, service, anew, answer) =>
    `已发送给服务商（${at(kind, code)}，物流服务 ${service}）${anew === 1 ? "，修正后作为新订单发送" : ""}：${answer === "" ? "已接收" : answer}。`,
  sentInBoxes: (boxes, kind, code, service, unchanged) =>
    `已分 ${boxes} 箱发送给服务商（${at(kind, code)}，物流服务 ${service}）：${unchanged === 1 ? "服务商已有该包裹，没有任何更改" : "已接收"}。`,

  providerSaid: (status, handle, tracking) =>
    `服务商状态 ${status}${handle === "" ? "" : `，${handle}`}${tracking === "" ? "" : `，物流单号 ${tracking}`}`,
  refreshedOnRequest: (said) => `应要求从服务商刷新：${said}。`,
  refreshedNotKnown: (packageId) => `应要求从服务商刷新：服务商（暂时）查不到包裹 ${packageId}。`,
  refreshed: (said) => `已从服务商刷新：${said}。`,
  refreshedNowState: (said, state) => `已从服务商刷新：${said}。发货单现在的状态：${stateName(state)}。`,
  providerDoesNotKnowYet: (packageId) => `服务商（暂时）查不到包裹 ${packageId}：其记录可能有延迟，应用会继续查询。`,

  merchantAskedToCancel: () => "商家申请了取消。",
  fulfillmentOrderCancelled: () => "该履约订单已在 Shopify 中取消。",
  orderCancelled: () => "订单已在 Shopify 中取消。",
  cancelledNothingSent: () => "已在包裹到达仓库前取消：没有向服务商发送任何内容。",
  cancelledNotCreated: () => "已取消：服务商无法创建该包裹，因此不会发货。",
  cancelledNeverReceived: (packageId) =>
    `已取消：服务商没有包裹 ${packageId}（该包裹发送时的回复丢失，应用已向服务商确认），因此不会发货，也不会再发送任何内容。`,
  alreadyAtWarehouse: (packageId, since, state) =>
    `已在仓库：包裹 ${packageId} ${since === "" ? "已" : `已于 ${since} `}发送给服务商（当前状态：${stateName(state)}），应用已无法阻止。如需拦截，请联系服务商。`,
  cancellationRefusedInShopify: (already) => `已在 Shopify 中拒绝取消申请。${already}`,
  // 中文句号之后不留空格。
  thenSaid: (first, next) => `${first}${next}`,
  becauseOf: (who, reason) => `${who}：${reason}`,
  withdrawing: (because, packageId) =>
    `${because}包裹 ${packageId} 的一次发送可能已到达服务商（其回复丢失，或仍在进行中），因此应用会先向服务商确认是否收到，再决定是否取消：不会再发送任何内容。`,

  noSendReached: (packageId) => `包裹 ${packageId} 的任何一次发送都没有到达服务商`,
  notReceived: (packageId) => `服务商没有包裹 ${packageId}（因其发送的回复丢失而向服务商确认）`,
  notCreatedByProvider: (packageId) => `服务商无法创建包裹 ${packageId}（CreateFailed）`,
  cancelledForGood: (because, said) => `${because}${said}，因此该包裹已彻底取消：没有发送任何内容，今后也不会发送。`,
  providerHasItNotHeld: (packageId) => `服务商已有包裹 ${packageId}：它不再在此暂缓。`,
  providerHadIt: (packageId, status, handle, because) =>
    `服务商已有包裹 ${packageId}（服务商状态 ${status}${handle === "" ? "" : `，${handle}`}）：一次回复丢失的发送已到达服务商，因此无法撤回（${asClause(because)}）。它会发出，并像其他包裹一样被跟踪。`,
  waitingForProvider: (packageId, why) =>
    `已撤回，正在等待服务商：服务商无法确认是否有包裹 ${packageId}（${why}）。不会再发送任何内容；应用会继续询问，如果服务商从未收到就取消该包裹，如果已收到就继续跟踪。`,
  refusedInShopifyToo: (waiting) => `${waiting}已以此原因拒绝 Shopify 中的取消申请，商家可在那里看到原因。`,
  handedBackAfterDoubt: (note) => `已交还 Shopify：该履约订单已按未完成关闭（“${note}”），可在 Shopify 中完成订单的取消。`,
  couldNotHandBack: (errors) => `无法交还 Shopify（${errors}）：不会发货；请在 Shopify 中关闭或取消它。`,

  declarationChange: (field, from, to) => `${declaredField(field)}由 ${noneIfEmpty(from)} 改为 ${noneIfEmpty(to)}`,
  declarationLineChange: (sku, field, from, to) => {
    const name = declaredField(field);
    // 英文开头的字段名（HS 编码）与“的”之间留一个空格。
    return `${sku} 的${/^[A-Za-z]/.test(name) ? " " : ""}${name}由 ${noneIfEmpty(from)} 改为 ${noneIfEmpty(to)}`;
  },
  declarationUnchanged: () => "没有更改，按原样重新发送",
  alsoChanged: (changes, next) => `${changes}；${next}`,
  declaredAccepted: (changed) => `报关信息已发送给服务商并被接受：${changed}。`,
  declarationSent: (changed) => `报关信息已发送：服务商已接受（${changed}）。`,
  declarationFixFields: () => "没有发送任何内容：请修正下面的字段，然后重新发送报关信息。",
  declarationNotCreated: () => "服务商无法创建该包裹，因此没有可申报的内容：请修正后重试。",
  declarationParcelLeft: (handle) => `未发送：服务商报告该包裹的状态为 ${handle}，其报关信息已无法更改。`,
  declarationUnknownPackage: (packageId) =>
    `服务商查不到包裹 ${packageId}，因此拒绝了该报关信息。请从服务商刷新该发货单；如果它从未在服务商处创建，请重试该订单。`,
  declarationRefused: (named) => `服务商拒绝了该报关信息：${named}。请修正后重新发送。`,
  declarationProviderUnreachable: (error) => `暂时无法连接服务商（${error}）。没有任何更改：请稍后再试。`,

  trackingNumbers: (_count, numbers, company) => `物流单号 ${numbers}${company === "" ? "" : `（${company}）`}`,
  unitsOfLines: (units, lines) => `${lines} 行商品中的 ${units} 件`,
  unclaimedUnits: (units, status) =>
    `包裹所含的 ${units}无法在 Shopify 中认领：${
      status === "" ? "Shopify 中已没有该履约订单" : `该履约订单（${FO_STATUS[String(status)] ?? String(status)}）中已没有这些商品`
    }，它在包裹发出后于 Shopify 中被编辑、转移或拆分`,
  fulfillmentOrderEmpty: () => "该履约订单中已没有任何商品",
  nothingLeftToClaim: (what, tracking) =>
    `Shopify 中已没有可认领的商品：${what}。没有写入履约记录；该包裹（${tracking}）仍会在这里跟踪。如果顾客需要物流信息，请告知顾客。`,
  fulfilmentFound: (tracking) => `找到了中断前已写入的 Shopify 履约记录（${tracking}），没有重复写入。`,
  fulfilmentWritten: (tracking, notified) => `已作为履约记录写入 Shopify（${tracking}）；${notified === 1 ? "已" : "未"}通知顾客。`,
  fulfilmentWrittenPartly: (tracking, notified, claims, unclaimed) =>
    `已作为履约记录写入 Shopify（${tracking}）；${notified === 1 ? "已" : "未"}通知顾客。它认领了 ${claims}：${unclaimed}。`,
  partlyClaimed: (unclaimed) => `${unclaimed}。包裹中仍然装有这些商品：如有必要，请在 Shopify 中退款或调整订单。`,
  shopifyRefusedFulfilment: (errors) => `Shopify 拒绝了该履约：${errors}。请在 Shopify 中检查订单，然后重试。`,

  providerCreated: (tracking, carrier, provisional, parcels, others) =>
    `服务商已创建包裹：物流单号 ${tracking}${carrier === "" ? "" : `（${carrier}）`}` +
    `${provisional === 1 ? "，为临时单号：服务商可能会更换" : ""}` +
    `${parcels > 1 ? `；共 ${parcels} 个包裹，其他单号 ${others}` : ""}。`,
  trackingReplaced: (previous, tracking, company) =>
    `服务商已将物流单号 ${previous} 更换为 ${tracking}${company === "" ? "" : `（${company}）`}；Shopify 履约记录现已显示新单号。`,
  trackingReplaceRefused: (previous, tracking, company, errors) =>
    `包裹妥投后，服务商已将物流单号 ${previous} 更换为 ${tracking}${company === "" ? "" : `（${company}）`}；` +
    `Shopify 拒绝更新履约记录，仍显示 ${previous}：${errors}`,

  addressEdited: () => "收货地址被修改",
  addressRemoved: () => "收货地址被删除",
  heldAfterSending: () => "订单被暂缓",
  linesChangedAway: (units, status) =>
    `包裹所含的 ${units}被编辑、退款或转移：${
      status === "" ? "Shopify 中已没有该履约订单" : `该履约订单（现为${FO_STATUS[String(status)] ?? String(status)}）中已没有这些商品`
    }`,
  leftFulfillmentOrder: (units) => `包裹发出后，${units}离开了该履约订单`,
  changedWhileInDoubt: () => "订单在发送过程中于 Shopify 中被取消、退款或编辑移除，而服务商已收到该包裹",
  changedAfterSending: (what, packageId) =>
    `发出后在 Shopify 中被修改：${what}。包裹 ${packageId} 已在服务商处，服务商无法修改或取消它：如有必要，请向服务商核实。履约记录只包含订单中仍有的商品。`,

  noSuchShipment: () => "该店铺没有这个发货单。",
  notAtProviderYet: () => "包裹尚未到达服务商：目前还没有可查询的内容。",
  providerNotAskedNow: (error) => `暂时无法查询服务商（${error}）。请稍后再试。`,
  fulfillmentOrderGone: () => "Shopify 中已没有这个履约订单。",
  cannotBePlanned: () => "无法为该履约订单规划包裹。",
  reachedProviderMeanwhile: () => "包裹在此期间已到达服务商，无法再从这里更改。",
  withdrawnWhileSending: () =>
    "在一次发送可能已到达服务商时，Shopify 中的取消或修改撤回了它：应用正在向服务商确认是否收到该包裹，不会再做其他规划。",
  handedBackRequestAgain: () =>
    "已交还 Shopify：该履约订单已在 Shopify 中关闭。请在 Shopify 中从订单重新申请履约；申请到达后应用会重新规划。",
  cannotRetryState: (state) => `状态为“${stateName(state)}”的发货单无法重试；只有暂缓或服务商拒绝的发货单可以重试。`,
};
