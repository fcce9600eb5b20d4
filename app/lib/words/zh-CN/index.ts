/**
 * 简体中文: the admin's words for merchants whose Shopify admin runs in Chinese (decision 0045), one
 * module per page like en/. Every key of English, no more (the type says so); the provider's own
 * words stay as it wrote them.
 */
import type { Words } from "../en";
import { inventoryAge } from "./inventory-age";
import { home } from "./home";
import { shipment } from "./shipment";
import { shipments } from "./shipments";
import { shipmentPage } from "./shipment-page";
import { returns } from "./returns";
import { returnReasons } from "./return-reasons";
import { errorPage } from "./error-page";
import { nav } from "./nav";
import { forms } from "./forms";
import { alerts } from "./alerts";
import { notifications } from "./notifications";
import { settings } from "./settings";
import { settingsOrders } from "./settings-orders";
import { settingsProvider } from "./settings-provider";
import { settingsRouting } from "./settings-routing";
import { settingsCatalogue } from "./settings-catalogue";
import { inbound } from "./inbound";
import { lading } from "./lading";
import { skuLines } from "./sku-lines";
import { kitPage, products, skuPage } from "./products";
import { runProgress } from "./run-progress";
import { stock } from "./stock";
import { pricing } from "./pricing";
import { dataRequests } from "./data-requests";
import { settingsCheckoutRates } from "./settings-checkout-rates";
import { checkoutRates } from "./checkout-rates";
import { settingsCustoms } from "./settings-customs";
import { landing } from "./landing";
import { login } from "./login";
import { reasonFields, reasons } from "./reasons";
import { runSays } from "./run-says";
import { jobErrors } from "./job-errors";
import { skuChecks } from "./sku-checks";
import { timeline } from "./timeline";
import { orderBlock } from "./order-block";
import { publicAddress } from "./public-address";
import { channelRefusals } from "./channel-refusals";
import { alertDetails } from "./alert-details";
import { providerRules } from "./provider-rules";
import { providerProblems } from "./provider-problems";

export const zhCN: Words = {
  nav,
  forms,
  alerts,
  inventoryAge,
  settings,
  notifications,
  settingsOrders,
  settingsProvider,
  settingsRouting,
  settingsCatalogue,
  pricing,
  dataRequests,
  settingsCheckoutRates,
  checkoutRates,
  settingsCustoms,
  home,
  shipment,
  shipments,
  shipmentPage,
  returns,
  returnReasons,
  errorPage,
  inbound,
  lading,
  skuLines,
  products,
  skuPage,
  kitPage,
  stock,
  runProgress,
  landing,
  login,
  reasons,
  reasonFields,
  runSays,
  jobErrors,
  skuChecks,
  timeline,
  orderBlock,
  publicAddress,
  channelRefusals,
  alertDetails,
  providerRules,
  providerProblems,
};
