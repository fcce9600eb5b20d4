/**
 * `POST /admin/oauth/access_token`: how `@shopify/shopify-api` obtains a shop's access token, by
 * token exchange (embedded apps: the App Bridge session token, a JWT signed with the app secret),
 * authorization code, or client credentials. The emulator answers with the shop's seeded token, so the
 * app's real auth code can run against it. Tokens do not expire here (`expiring` is ignored).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ShopRecord } from "./state";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ONLINE_TOKEN = "urn:shopify:params:oauth:token-type:online-access-token";

export interface OAuthAnswer {
  status: number;
  body: unknown;
}

function invalid(status: number, error: string, description: string): OAuthAnswer {
  return { status, body: { error, error_description: description } };
}

/** Verifies an HS256 session token and returns its payload, or undefined. */
export function verifySessionToken(token: string, secret: string): Record<string, unknown> | undefined {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function accessTokenRequest(
  shop: ShopRecord,
  app: { apiKey: string | undefined; apiSecret: string; now: Date },
  params: Record<string, unknown>,
): OAuthAnswer {
  if ((app.apiKey !== undefined && params.client_id !== app.apiKey) || params.client_secret !== app.apiSecret) {
    return invalid(401, "invalid_client", "Client authentication failed: wrong client_id or client_secret.");
  }
  const granted = { access_token: shop.accessToken, scope: shop.scopes.join(",") };
  switch (params.grant_type) {
    case TOKEN_EXCHANGE: {
      const claims = typeof params.subject_token === "string" ? verifySessionToken(params.subject_token, app.apiSecret) : undefined;
      const dest = typeof claims?.dest === "string" ? claims.dest.replace(/^https:\/\//, "") : undefined;
      const exp = typeof claims?.exp === "number" ? claims.exp : 0;
      if (!claims || dest !== shop.domain || exp * 1000 < app.now.getTime()) {
        return invalid(400, "invalid_subject_token", "The session token is invalid, expired, or for another shop.");
      }
      if (params.requested_token_type !== ONLINE_TOKEN) return { status: 200, body: granted };
      const userId = Number(claims.sub) || 1;
      return {
        status: 200,
        body: {
          ...granted,
          expires_in: 86399,
          associated_user_scope: granted.scope,
          associated_user: {
            id: userId,
            first_name: "Emulator",
            last_name: "Staff",
            email: `staff@${shop.domain}`,
            account_owner: true,
            locale: "en",
            collaborator: false,
            email_verified: true,
          },
        },
      };
    }
    case "authorization_code":
    case "client_credentials":
    case undefined:
      return { status: 200, body: granted };
    default:
      return invalid(400, "unsupported_grant_type", `Unsupported grant type ${String(params.grant_type)}.`);
  }
}
