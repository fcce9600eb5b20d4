/**
 * The admin's words in English, the catalogue every other language follows (decision 0045): one
 * module per page. A sentence with numbers in it is a function of what it says, already formatted
 * (`n` is the number as the merchant reads it, `count` chooses the form). The other languages are
 * checked against this one key by key (test/architecture/words.test.ts).
 */
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

export const en = {
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

/** What every language's catalogue holds: en's keys, each a sentence or a function of the same arguments. */
export type Words = typeof en;

/** The timeline reads `reasons` and `timeline` as one group (`timelineWords`): a key in both would be said by the wrong one. */
const noKeyInBoth: [keyof typeof reasons & keyof typeof timeline] extends [never] ? true : false = true;
void noKeyInBoth;
