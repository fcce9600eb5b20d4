/** 发货单被暂缓或等待的原因（由处理流程存储，按商家的语言再说一遍）。服务商和 Shopify 自己的话照原样引用。 */
import { countryName } from "../../country-name";
import { instantOrWritten } from "../en/reasons";
import type { Words } from "../en";

export const reasonFields: Words["reasonFields"] = {
  labels: {
    "ShipToAddress.Country": "国家/地区",
    "ShipToAddress.Contact": "收件人姓名",
    "ShipToAddress.Street1": "街道地址 1",
    "ShipToAddress.Street2": "街道地址 2（公司、公寓或单元）",
    "ShipToAddress.City": "城市",
    "ShipToAddress.Province": "省/州",
    "ShipToAddress.Postcode": "邮编",
    "ShipToAddress.Phone": "电话",
    "ShipToAddress.Email": "邮箱",
    "ShipToAddress.HouseNumber": "门牌号",
    "ShipToAddress.TaxId": "税号",
    "ShipToAddress.IDNumber": "身份证号",
    "Skus.Sku": "SKU",
    "Skus.ProductName": "商品名称",
    "Skus.DeclareNameEn": "申报品名",
    "Skus.HsCode": "HS 编码",
    "Skus.Weight": "重量",
    "Skus.Duty": "关税",
    Location: "一件代发处理地点",
    WarehouseId: "仓库",
    ServiceCode: "物流服务代码",
    CodAmount: "货到付款",
    "order.totalTax": "结账时收取的税费",
    Package: "包裹",
    Review: "审核",
    "Shopify hold": "Shopify 暂缓",
    Schedule: "预定发货",
    Payment: "付款",
    "Fraud risk": "欺诈风险",
  },
  fixes: {
    "ShipToAddress.Contact": "请在订单的收货地址中缩短收件人姓名",
    "ShipToAddress.Street1": "请在订单中缩短地址",
    "ShipToAddress.Street2": "请在订单的收货地址中缩短公司或公寓那一行",
    "ShipToAddress.City": "请在订单的收货地址中缩短城市名",
    "ShipToAddress.Province": "请更正订单收货地址中的省/州",
    "ShipToAddress.Postcode": "请更正订单收货地址中的邮编",
    "ShipToAddress.Phone": "请更正订单收货地址中的电话号码",
    "ShipToAddress.Email": "请更正订单中顾客的邮箱",
    "ShipToAddress.HouseNumber": "请更正订单收货地址中的门牌号",
    "ShipToAddress.TaxId": "请更正订单中顾客的税号",
    "ShipToAddress.IDNumber": "请更正订单中顾客的身份证号",
    "Skus.Sku": "请为该商品使用更短的 SKU，或在“商品”页面把它对应到服务商的 SKU",
    "Skus.ProductName": "请缩短商品标题",
    "Skus.DeclareNameEn": "请在“商品”页面为该 SKU 设置更短的申报品名",
    "Skus.HsCode": "请在 Shopify 中更正商品的 HS 编码（海关信息）",
    Location: "请在“设置 > 仓库与路由”中使用更短的处理地点",
    WarehouseId: "请在“设置 > 仓库与路由”中更正仓库",
    ServiceCode: "请在“设置 > 仓库与路由”中更正物流服务代码",
  },
};

/** 已没有可发货内容的履约订单在 Shopify 中的状态。 */
const FULFILLMENT_STATUS: Record<string, string> = { CLOSED: "已关闭", CANCELLED: "已取消", INCOMPLETE: "已按未完成关闭" };

const labelOf = (field: string): string => (reasonFields.labels as Record<string, string>)[field] ?? String(field);
const fixOf = (field: string): string => (reasonFields.fixes as Record<string, string | undefined>)[field] ?? "请更正";

const country = (code: string) => countryName(code, "zh-CN");
const routeAt = (kind: string, code: string) => (kind === "OUTBOUND" ? `仓库 ${code}` : `一件代发地点 ${code}`);
const dueDay = (dueAt: string) => (/^\d{4}-\d{2}-\d{2}T/.test(dueAt) ? dueAt.slice(0, 10) : dueAt);
const termsOf = (terms: string, dueAt: string) => `${terms}${dueAt === "" ? "" : `，${dueDay(String(dueAt))} 到期`}`;

/** Shopify 的付款条款类型。 */
const TERMS_WORDS: Readonly<Record<string, string>> = {
  FULFILLMENT: "履约时付款",
  NET: "账期付款",
  FIXED: "固定日期付款",
  RECEIPT: "收到发票即付款",
};

/** Shopify 的付款状态。 */
const PAYMENT_STATUS: Readonly<Record<string, string>> = {
  PENDING: "待付款",
  PARTIALLY_PAID: "部分付款",
  EXPIRED: "已过期",
  VOIDED: "已作废",
  REFUNDED: "已退款",
};

/** 客户提供的证件号码在各国的名称。 */
const ID_NAMES: Readonly<Record<string, string>> = {
  "CPF or CNPJ": "CPF 或 CNPJ 号码",
  "Personal Customs Clearance Code (PCCC)": "个人通关号码（PCCC）",
  "resident identity card number": "居民身份证号码",
};
const idNameOf = (name: string) => ID_NAMES[name] ?? name;

/** 邮编的格式：“5 位数字，”“4 位数字加 2 个字母，”，不计位数时为空。 */
const postcodeShape = (digits: number, letters: number) =>
  digits === 0 ? "" : letters === 0 ? `${digits} 位数字，` : `${digits} 位数字加 ${letters} 个字母，`;

const orderOf = (order: string, company: string) => (company === "" ? `订单 ${order}` : `${company} 的订单 ${order}`);

/** 服务商无法创建包裹时，商家针对各 ReasonCode 可以做的事。 */
const CREATION_ADVICE: Readonly<Record<string, string>> = {
  DestinationNotServed: "请在“设置 > 仓库与路由”中选择能送达该地的物流服务，然后重试。",
  ServiceNotFound: "请在“设置 > 仓库与路由”中更正物流服务代码，然后重试。",
  ServiceNotAvailable: "请在“设置 > 仓库与路由”中选择该仓库提供的物流服务，然后重试。",
  InsufficientStock: "请向该仓库补货（或改从其他仓库发货），然后重试。",
  SkuNotFound: "请向服务商登记该 SKU，或在“商品”页面将其对应到服务商的 SKU，然后重试。",
};

/** 履约已写入 Shopify（1）时，商家需在 Shopify 中撤销；之前（0）顾客尚未收到通知。 */
const inShopify = (fulfilled: number) =>
  fulfilled === 1 ? "Shopify 订单已显示为已履约：请在 Shopify 中取消该履约，然后退款或重新发出订单。" : "";

/** 承运商的状态、日期及其原话。 */
const carrierSaid = (status: string, day: string, message: string) =>
  `承运商状态 ${status}${day === "" ? "" : `，${day}`}${message === "" ? "" : `：“${message}”`}`;

export const reasons: Words["reasons"] = {
  noShippingAddress: () => "订单没有收货地址。请在订单中添加收货地址，然后重试。",
  noCountry: () => "收货地址没有国家/地区。请在订单的收货地址中补上国家/地区，然后重试。",
  noRecipient: () => "收货地址没有收件人姓名或公司。请在订单的收货地址中补上其一，然后重试。",
  noStreet: () => "收货地址没有街道地址。请在订单中补上，然后重试。",
  noCity: () => "收货地址没有城市。请在订单中补上，然后重试。",
  noHouseNumber: (street, code) =>
    `街道“${street}”没有门牌号，而${country(code)} 的承运商需要门牌号。请在订单的收货地址中补上门牌号，然后重试。`,
  noProvince: (code) => `收货地址没有省/州，而${country(code)} 的承运商需要。请在订单中补上，然后重试。`,
  noPostcode: (code) => `收货地址没有邮编，而${country(code)} 的承运商需要。请在订单中补上，然后重试。`,
  postcodeNotOfCountry: (postcode, code, digits, letters, example, alsoExample) =>
    `邮编“${postcode}”不是${country(code)} 的邮编（${postcodeShape(digits, letters)}例如 ${example}${alsoExample === "" ? "" : ` 或 ${alsoExample}`}）。` +
    "请在订单的收货地址中更正，然后重试。",
  noCustomsId: (code, idName) =>
    `${country(code)} 海关需要收件人的${idNameOf(idName)}，而订单中没有。请向顾客索取并添加到订单中，然后重试。`,
  customsIdNotValid: (idName, given, code) =>
    `收件人的${idNameOf(idName)}“${given}”对${country(code)} 无效。请向顾客索取正确的号码并更新订单，然后重试。`,
  tooLong: (field, length, max, subject) =>
    `${subject === "" ? labelOf(field) : `${subject}的${labelOf(field)}`}有 ${length} 个字符，承运商最多接受 ${max} 个。${fixOf(field)}，然后重试。`,

  noSku: (product) => `${product}没有 SKU，仓库无法知道要发什么。请在 Shopify 中为该商品款式设置 SKU，然后重试。`,
  skuNotMapped: (product, sku) => `${product}的 SKU 为 ${sku}，不在您的 SKU 对应表中。请在“商品”页面添加，然后重试。`,
  noCustomsName: (product) =>
    `商品标题 ${product} 不能用作申报品名：申报品名只能包含英文字母、数字、空格和 _ - ( ) ' & , |。` +
    "请在“商品”页面为该 SKU 设置申报品名，或在“设置 > 报关与税号”中设置默认申报品名，然后重试。",
  noHsCode: (product, code) =>
    `${product}没有 HS 编码，而${country(code)} 海关需要。` +
    "请在 Shopify 商品的海关信息中添加，或在“设置 > 报关与税号”中设置默认 HS 编码，然后重试。",
  hsCodeNotValid: (hsCode, product) =>
    `${product}的 HS 编码“${hsCode}”必须是 6 到 50 位数字。请在 Shopify 商品的海关信息中更正，然后重试。`,
  noWeight: (product) => `${product}没有重量。请在 Shopify 中为该商品填写运输重量，然后重试。`,

  taxNotRead: (order) =>
    `应用没有读取到订单 ${order} 结账时收取的税费，而是否申报 IOSS 号码取决于它。这是应用的故障：请联系客服，然后重试。`,
  dutiesNotRead: (order) =>
    `应用没有读取到订单 ${order} 结账时收取的关税；包裹必须带上关税信息，收件人才不会被重复收费。这是应用的故障：请联系客服，然后重试。`,
  codAmountNotRead: (order) => `订单 ${order} 为货到付款，但应用没有读取到应收金额。这是应用的故障：请联系客服，然后重试。`,
  codInSeveralPackages: (order, units, remaining) =>
    `订单 ${order} 为货到付款，且分多个包裹发出（本包裹装有 ${remaining} 件中的 ${units} 件），因此每个包裹应收多少并不明确。` +
    "请把所有商品移到同一个地点一起发货，或把订单标记为已付款，然后重试。",

  noServiceForCountry: (kind, code, countryCode) =>
    `${routeAt(kind, code)} 没有为${country(countryCode)} 设置物流服务。` +
    `请在“设置 > 仓库与路由”中为 ${countryCode} 添加物流服务或设置默认服务，然后重试。`,
  chosenServiceNotServed: (kind, code, title, service, pricedFrom) =>
    `顾客在结账时选择了“${title}”，即服务商的物流服务 ${service}，但${routeAt(kind, code)} 不提供该服务` +
    (pricedFrom === "" ? "" : `（结账时按仓库 ${pricedFrom} 报价）`) +
    "。除非您指定，否则不会改用其他服务发出：请在 Shopify 中把订单移到" +
    (pricedFrom === "" ? "提供该服务的地点" : `仓库 ${pricedFrom} 对应的地点`) +
    `，或在“设置 > 仓库与路由”中为${routeAt(kind, code)} 添加配送方式 ${service} 及改用的物流服务，然后重试。`,

  onHoldInShopify: (holds) => `在 Shopify 中被暂缓：${holds === "" ? "未注明原因" : holds}。在 Shopify 中解除暂缓后即会发出。`,
  scheduled: (at) =>
    `在 Shopify 中预定于 ${at === "" ? "以后某个日期" : instantOrWritten(at)} 发货（订阅或预售）：Shopify 开放后即会发出。`,
  notPaid: (order, status) =>
    `订单 ${order} 尚未付款（${PAYMENT_STATUS[status] ?? String(status).toLowerCase().replace(/_/g, " ")}）：Shopify 标记为已付款后即会发出。可以现在点击“重试”发出，或在“设置 > 订单与发出之后”中允许未付款订单发货。`,
  termsUnreadable: (order) =>
    `订单 ${order} 由公司下单，但 Shopify 不允许应用读取其付款条款：请在 Shopify 中批准应用访问付款条款和公司，然后重试；或现在点击“重试”发出。`,
  onUnnamedTerms: (order, company, terms, dueAt) =>
    `${orderOf(order, company)} 使用 Shopify 未命名的付款条款（${termsOf(terms, dueAt)}）：Shopify 标记为已付款后即会发出。可以现在点击“重试”发出。`,
  onTerms: (order, company, terms, dueAt, type) =>
    `${orderOf(order, company)} 使用付款条款 ${termsOf(terms, dueAt)}，而本店铺会把“${TERMS_WORDS[type] ?? type}”的订单暂缓到付款为止：Shopify 标记为已付款后即会发出。可以现在点击“重试”发出，或在“设置 > 订单与发出之后”中允许“${TERMS_WORDS[type] ?? type}”的订单发货。`,
  highRisk: (order) =>
    `Shopify 将订单 ${order} 评为高欺诈风险：请在 Shopify 中核实。如确认无误，请点击“重试”发出；或在“设置 > 订单与发出之后”中允许高风险订单发货。`,
  forReview: () => "等待审核：本店铺会暂缓每个新发货单，直到有人手动发送（“设置 > 订单与发出之后”）。点击“发送”即可发出。",

  providerWouldRefuse: (path, rule, order) => `服务商会拒绝 ${path}（${rule}）。这是应用的故障；请就订单 ${order} 联系客服。`,
  providerRefusedPackage: (said) => `服务商拒绝了该包裹：${said === "" ? "未注明原因" : said}。请修正订单或设置，然后重试。`,
  providerRefusedField: (field, said) => `服务商拒绝了 ${field}：${said}。请修正后重试。`,
  providerRefusedRequest: (said) => `${said} 请修正订单，然后重试。`,
  providerRefusedUnnamed: (status, ticket) => {
    const reference = [status === "" ? null : `HTTP ${status}`, ticket === "" ? null : `工单 ${ticket}`].filter((part) => part !== null);
    return `服务商拒绝了该包裹，但未指出字段${reference.length === 0 ? "" : `（${reference.join("，")}）`}。请向服务商询问被拒绝的原因，修正订单后重试。`;
  },
  recipientErased: () => "该包裹的收件人信息已被删除（客户数据请求），无法按原样发送。请重试，从订单重新规划。",
  storedNotAcceptable: () => "所存的包裹已不符合服务商的要求。请重试，从订单重新规划。",

  creationFailed: (said, code) =>
    `服务商无法创建该包裹：${said === "" ? "服务商未说明原因。" : said} ${CREATION_ADVICE[code] ?? "请修正订单或设置，然后重试。"}`,
  creationFailedHandedBack: (said) =>
    `服务商无法创建该包裹：${said === "" ? "服务商未说明原因。" : said} 已交还 Shopify：该履约订单已按未完成关闭，请在 Shopify 中决定如何处理。修正原因后重新申请履约、改到其他地点，或退款。`,

  notHandedBackDropship: () =>
    "未交还：一件代发包裹的履约订单留在您自己在 Shopify 中的地点，没有可关闭的内容。请修正原因后在此重试，或自行履约该订单。",
  handedBackToShopify: (note) =>
    `已交还 Shopify：该履约订单已按未完成关闭（“${note}”）。修正原因后请在 Shopify 中重新申请履约，或改从其他地方履约。`,
  handBackRefused: (why) => `无法交还 Shopify（${why}）：包裹留在这里等待处理。请修正原因后重试。`,

  heldUntilFixed: (count, fields) =>
    `暂缓至问题修正：${count} 个问题（${String(fields).split(", ").map(labelOf).join("、")}）；发货单上列出了需要修改的内容。`,
  waitsForShopifyHold: () => "在 Shopify 中被暂缓：等待解除暂缓。",
  waitsForDate: () => "在 Shopify 中预定发货：等到预定日期。",
  waitsForPayment: () => "尚未付款：等待 Shopify 将订单标记为已付款。",
  waitsForRiskReview: () => "Shopify 将其评为高欺诈风险：等待商家处理。",

  trackingToShopify: (what, city, status) => `物流跟踪：${what}${city === "" ? "" : `，${city}`} → 已写入 Shopify 履约事件 ${status}。`,
  trackingWithoutFulfilment: (what) => `物流跟踪：${what}（Shopify 中没有可显示它的履约）。`,
  deliveredIn: (city) => `承运商显示已${city === "" ? "" : `在 ${city} `}送达。停止跟踪。`,
  markedHandled: () => "商家已标记为已处理。",

  providerDeleted: (packageId, handle, fulfilled) =>
    `服务商删除了包裹 ${packageId}（服务商状态 ${handle}）：它不会发出。如果贵公司没有人提出过删除，请向服务商询问原因。${inShopify(fulfilled)}`,
  providerCancelled: (packageId, handle, fulfilled) =>
    `服务商取消了包裹 ${packageId}（服务商状态 ${handle}）：它不会发出。如果贵公司没有人提出过取消，请向服务商询问原因。${inShopify(fulfilled)}`,
  returnedToWarehouse: (packageId, handle) =>
    `包裹 ${packageId} 已退回仓库（服务商状态 ${handle}）。请联系顾客，然后在 Shopify 中退款或重新发出订单。`,
  returnAskedFor: (packageId, handle) =>
    `包裹 ${packageId} 已申请退回（服务商状态 ${handle}）。请联系顾客，然后在 Shopify 中退款或重新发出订单。`,
  beingReturned: (packageId, handle) =>
    `包裹 ${packageId} 正在退回（服务商状态 ${handle}）。请联系顾客，然后在 Shopify 中退款或重新发出订单。`,
  warehouseCouldNotShip: (packageId, handle, why, fulfilled) =>
    `仓库无法发出包裹 ${packageId}（服务商状态 ${handle}${why === "" ? "" : `：${why}`}）。请向服务商询问包裹的情况。${inShopify(fulfilled)}`,
  carrierReturned: (status, day, message) =>
    `承运商已将包裹退回寄件人（${carrierSaid(status, day, message)}）。请联系顾客，然后在 Shopify 中退款或重新发出订单。`,
  carrierLost: (status, day, message) =>
    `承运商报告包裹丢失（${carrierSaid(status, day, message)}）。请向服务商提出索赔，并在 Shopify 中退款或重新发出订单。`,
  carrierCouldNotDeliver: (status, day, message) =>
    `承运商无法投递该包裹（${carrierSaid(status, day, message)}）。请向服务商询问后续处理；可能需要联系顾客。`,
  noNewsWhileCreating: (packageId, since, days) =>
    `自 ${since} 起服务商一直未创建包裹 ${packageId}：已 ${days} 天没有新消息，应用已停止跟踪（“设置 > 订单与发出之后”）。请向服务商询问包裹在哪里。`,
  noNewsOfAccepted: (packageId, since, days) =>
    `服务商自 ${since} 接收包裹 ${packageId} 后一直查不到它：已 ${days} 天没有新消息，应用已停止跟踪（“设置 > 订单与发出之后”）。请向服务商询问包裹在哪里。`,
  noNewsWhileTravelling: (packageId, since, days) =>
    `自 ${since} 起服务商和承运商都没有包裹 ${packageId} 的新消息：已 ${days} 天没有新消息，应用已停止跟踪（“设置 > 订单与发出之后”）。请向服务商询问包裹在哪里。`,
  fulfillmentClosed: (order, status) =>
    `订单 ${order} 的这次履约在 Shopify 中${FULFILLMENT_STATUS[String(status)] ?? `处于 ${String(status)} 状态`}。`,
  notShipped: (order, method) => `订单 ${order} 无需发货（配送方式 ${method}）。`,
  nothingLeftToShip: (order) => `订单 ${order} 在该地点已没有需要发货的商品。`,
  notConnectedLocation: (order) => `订单 ${order} 被分配到一个未连接服务商的地点。`,
};
