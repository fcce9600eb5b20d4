/** @jsxImportSource preact */
/**
 * The order's shipments from the provider's warehouses, on Shopify's order page: each with its
 * state, warehouse, tracking links and why it waits, and Send or Retry where the app allows it.
 * Everything comes from the app's route (app/routes/api.orders.$orderId.shipments), called with the
 * admin's session token; the block decides nothing itself. Its own words come from locales/*.json in
 * the admin's language (Shopify's i18n.translate); the shipment's state by its code, the reasons and
 * Send's and Retry's answers as the app says them in the language the block names in each call.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import type {
  BlockError,
  OrderShipmentsAnswer,
  OrderShipmentView,
  ShipmentAction,
  ShipmentActionAnswer,
  StateTone,
} from "../../../app/routes/api.orders.$orderId.shipments/contract";

/** The part of the target's `shopify` global the block uses. */
export interface BlockApi {
  data: { selected: readonly { id: string }[] };
  auth: { idToken(): Promise<string | null> };
  i18n: { translate(key: string, options?: Record<string, string | number>): string | unknown[] };
}

type Translate = (key: string, options?: Record<string, string | number>) => string;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

type Loaded = { status: "loading" } | { status: "error"; message: string } | { status: "loaded"; shipments: OrderShipmentView[] };

type Notice = { tone: "success" | "info" | "warning" | "critical"; message: string; reasons: { field: string; message: string }[] };

const BADGE_TONES: Record<StateTone, "info" | "success" | "warning" | "critical" | "neutral"> = {
  info: "info",
  success: "success",
  warning: "warning",
  critical: "critical",
  neutral: "neutral",
};

const NOTICE_TONES: Record<ShipmentActionAnswer["outcome"], Notice["tone"]> = {
  sent: "success",
  ready: "success",
  queued: "info",
  held: "warning",
  cancelled: "info",
  refused: "critical",
};

/** The order's number in its gid, as the route's path takes it, and the language the route is to answer in. */
function orderPath(orderGid: string, locale: string | null): string {
  const path = `/api/orders/${encodeURIComponent(orderGid.replace(/^gid:\/\/shopify\/Order\//, ""))}/shipments`;
  return locale === null ? path : `${path}?locale=${encodeURIComponent(locale)}`;
}

/**
 * The language the block is shown in: the extension's API names no locale, but Shopify reads the
 * block's words from the locale file of the admin's language (else the default), and each file
 * names its own tag (`locale`). So the route answers in the language of the block's own words.
 */
function shownIn(t: Translate): string | null {
  const locale = t("locale");
  return locale === "locale" || locale === "" ? null : locale;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The route's refusal in words: its own message, or the status when it gave none. */
async function refusalOf(response: Response, t: Translate): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (isRecord(body) && typeof body.error === "string") return (body as unknown as BlockError).error;
  if (response.status === 401) return t("sessionExpired");
  return t("noAnswer", { status: response.status });
}

/** A state's name in the admin's language, by its code; the app's own label for a state the block does not know. */
function stateLabel(t: Translate, state: OrderShipmentView["state"]): string {
  const key = `state.${state.code}`;
  const said = t(key);
  return said === key || said === "" ? state.label : said;
}

/** The route's answer, if it has the shape the contract promises (the block shows nothing it cannot read). */
async function answerOf<T extends { shipments: OrderShipmentView[] }>(response: Response): Promise<T | null> {
  const body: unknown = await response.json().catch(() => null);
  return isRecord(body) && Array.isArray(body.shipments) ? (body as T) : null;
}

export function OrderShipmentsBlock({ api, fetch }: { api: BlockApi; fetch: Fetch }) {
  const orderId = api.data.selected[0]?.id ?? null;
  // Plain replacements only, so Shopify's translate answers a string.
  const t = useCallback<Translate>((key, options) => String(api.i18n.translate(key, options)), [api]);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const call = useCallback(
    async (init?: RequestInit): Promise<Response> => {
      const token = await api.auth.idToken();
      const headers: Record<string, string> = { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      if (init?.body) headers["Content-Type"] = "application/json";
      return fetch(orderPath(orderId ?? "", shownIn(t)), { ...init, headers });
    },
    [api, fetch, orderId, t],
  );

  const load = useCallback(async () => {
    if (orderId === null) {
      setLoaded({ status: "error", message: t("noOrder") });
      return;
    }
    setLoaded({ status: "loading" });
    try {
      const response = await call();
      if (!response.ok) {
        setLoaded({ status: "error", message: await refusalOf(response, t) });
        return;
      }
      const answer = await answerOf<OrderShipmentsAnswer>(response);
      setLoaded(answer ? { status: "loaded", shipments: answer.shipments } : { status: "error", message: t("unreadable") });
    } catch {
      setLoaded({ status: "error", message: t("unreachable") });
    }
  }, [call, orderId, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (shipment: OrderShipmentView, action: ShipmentAction) => {
    setBusy(shipment.id);
    setNotice(null);
    try {
      const response = await call({ method: "POST", body: JSON.stringify({ shipmentId: shipment.id, action }) });
      if (!response.ok) {
        setNotice({ tone: "critical", message: await refusalOf(response, t), reasons: [] });
        return;
      }
      const answer = await answerOf<ShipmentActionAnswer>(response);
      if (answer === null) {
        setNotice({ tone: "critical", message: t("unreadable"), reasons: [] });
        return;
      }
      setNotice({ tone: NOTICE_TONES[answer.outcome], message: answer.message, reasons: answer.reasons });
      setLoaded({ status: "loaded", shipments: answer.shipments });
    } catch {
      setNotice({ tone: "critical", message: t("unreachableNothingSent"), reasons: [] });
    } finally {
      setBusy(null);
    }
  };

  return (
    <s-admin-block heading={t("heading")}>
      <s-stack gap="base">
        {notice && (
          <s-banner tone={notice.tone}>
            <s-paragraph>{notice.message}</s-paragraph>
            {notice.reasons.length > 0 && (
              <s-unordered-list>
                {notice.reasons.map((reason) => (
                  <s-list-item key={`${reason.field}:${reason.message}`}>{reason.message}</s-list-item>
                ))}
              </s-unordered-list>
            )}
          </s-banner>
        )}
        {loaded.status === "loading" && (
          <s-stack direction="inline" gap="small-200" alignItems="center">
            <s-spinner accessibilityLabel={t("loadingLabel")} />
            <s-text>{t("loading")}</s-text>
          </s-stack>
        )}
        {loaded.status === "error" && (
          <s-banner tone="critical" heading={t("loadFailed")}>
            <s-paragraph>{loaded.message}</s-paragraph>
            <s-button slot="secondary-actions" onClick={() => void load()}>
              {t("tryAgain")}
            </s-button>
          </s-banner>
        )}
        {loaded.status === "loaded" && loaded.shipments.length === 0 && <s-paragraph>{t("none")}</s-paragraph>}
        {loaded.status === "loaded" &&
          loaded.shipments.map((shipment) => (
            <ShipmentCard
              key={shipment.id}
              shipment={shipment}
              t={t}
              busy={busy === shipment.id}
              disabled={busy !== null}
              onAction={(action) => void act(shipment, action)}
            />
          ))}
      </s-stack>
    </s-admin-block>
  );
}

function ShipmentCard({
  shipment,
  t,
  busy,
  disabled,
  onAction,
}: {
  shipment: OrderShipmentView;
  t: Translate;
  busy: boolean;
  disabled: boolean;
  onAction: (action: ShipmentAction) => void;
}) {
  return (
    <s-box padding="small" border="base" borderRadius="base">
      <s-stack gap="small-200">
        <s-stack direction="inline" gap="small-200" alignItems="center">
          <s-badge tone={BADGE_TONES[shipment.state.tone]}>{stateLabel(t, shipment.state)}</s-badge>
          <s-text type="strong">{shipment.warehouse}</s-text>
          <s-text color="subdued">{t("package", { packageId: shipment.packageId })}</s-text>
        </s-stack>
        {shipment.tracking.length > 0 && (
          <s-stack direction="inline" gap="small-200">
            <s-text>{t("tracking")}</s-text>
            {shipment.tracking.map((parcel) =>
              parcel.url ? (
                <s-link key={parcel.number} href={parcel.url} target="_blank">
                  {parcel.number}
                </s-link>
              ) : (
                <s-text key={parcel.number}>{parcel.number}</s-text>
              ),
            )}
          </s-stack>
        )}
        {shipment.reason && <s-paragraph tone={shipment.state.tone === "critical" ? "critical" : "caution"}>{shipment.reason}</s-paragraph>}
        {shipment.actions.length > 0 && (
          <s-stack direction="inline" gap="small-200">
            {shipment.actions.map((action) => (
              <s-button
                key={action}
                variant={action === "send" ? "primary" : "secondary"}
                loading={busy}
                disabled={disabled && !busy}
                onClick={() => onAction(action)}
              >
                {t(action)}
              </s-button>
            ))}
          </s-stack>
        )}
      </s-stack>
    </s-box>
  );
}
