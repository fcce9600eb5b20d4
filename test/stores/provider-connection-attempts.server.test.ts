/**
 * The provider login bound to the browser (decision 0037), step by step on a real database (SQLite
 * and PostgreSQL) against the sandbox as the provider's authorization server: each step happens
 * once, in time, in the browser that started it, for the staff member who pressed Connect; the
 * attacks on it are refused, and refused before anything is stored.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { useTestDatabase } from "../support/database";
import { codeChallengeOf, createProviderOAuth, newCodeVerifier, type ProviderOAuth } from "~/fulfilment";
import {
  ATTEMPT_PROBLEMS,
  CONNECTION_ATTEMPT_TTL_MS,
  ConnectionAttemptRefused,
  connectionOffer,
  dropConnectionAttempt,
  type AttemptProblem,
} from "~/stores/shops/provider-connection-attempts.server";
import {
  BROWSER_COOKIE,
  browserCookieOf,
  confirmProviderConnection,
  openProviderLogin,
  startProviderConnection,
  takeProviderAnswer,
} from "~/stores/shops/provider-credentials-connection.server";
import { readProviderCredentials } from "~/stores/shops/provider-credentials.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const starter = { shop, staffMember: "42" };
const key = randomBytes(32);
const APP = { SHOPIFY_APP_URL: "https://connector.example", SHOPIFY_API_KEY: "api-key" };
let sandbox: Sandbox;
let oauth: ProviderOAuth;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, log: () => {} });
  oauth = createProviderOAuth({
    baseUrl: sandbox.url,
    clientId: "connector",
    clientSecret: "secret",
    redirectUri: "https://connector.example/provider-oauth/callback",
  });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await db.providerConnectionAttempt.deleteMany();
  await db.shop.deleteMany();
});

/** The Cookie header a browser sends back for a Set-Cookie. */
const cookieHeaderOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** Connect pressed by `who`: the attempt's id, from the start page's address. */
async function pressConnect(who = starter, now?: Date): Promise<string> {
  const start = new URL(await startProviderConnection(db, who, oauth, APP, { key, now }));
  expect(`${start.origin}${start.pathname}`).toBe("https://connector.example/provider-oauth/start");
  expect([...start.searchParams.keys()]).toEqual(["attempt"]);
  return start.searchParams.get("attempt") ?? "";
}

/** The sandbox approves at once: the code it sends the browser back with. */
async function approveAt(authorization: string): Promise<{ code: string; state: string | null }> {
  const answer = await fetch(authorization, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("Location") ?? "");
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") };
}

/** Connect, the start page in a browser (its cookie), and the provider's approval. */
async function approvedAttempt(who = starter) {
  const attempt = await pressConnect(who);
  const { location, setCookie } = await openProviderLogin(db, attempt, oauth, { key });
  const { code, state } = await approveAt(location);
  expect(state).toBe(attempt);
  return { attempt, code, cookie: cookieHeaderOf(setCookie) };
}

async function refusal(work: Promise<unknown>): Promise<AttemptProblem> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ConnectionAttemptRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.problem;
}

const answer = (attempt: string, code: string, cookieHeader: string | null) =>
  takeProviderAnswer(db, { state: attempt, code, error: null, cookieHeader }, oauth, APP, { key });

describe("the provider login bound to the browser", () => {
  it("goes from Connect to stored credentials: S256 challenge, a __Host- cookie, the verifier, the question, the confirmation", async () => {
    const attempt = await pressConnect();
    const row = await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } });
    expect(row).toMatchObject({ shop, staffMember: "42", startedAt: null, tokensCiphertext: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(CONNECTION_ATTEMPT_TTL_MS);

    const { location, setCookie } = await openProviderLogin(db, attempt, oauth, { key });
    expect(setCookie).toMatch(new RegExp(`^${BROWSER_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=/; Secure; HttpOnly; SameSite=Lax$`));
    const authorization = new URL(location);
    expect(authorization.searchParams.get("state")).toBe(attempt);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    const challenge = authorization.searchParams.get("code_challenge") ?? "";
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the cookie is kept, and the verifier behind the challenge only sealed.
    const started = await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } });
    const cookie = browserCookieOf(cookieHeaderOf(setCookie)) ?? "";
    expect(started.browserCookieHash).not.toContain(cookie);
    expect(started.verifierCiphertext).toMatch(/^v1\./);

    const { code } = await approveAt(location);
    const settings = new URL(await answer(attempt, code, `other=1; ${cookieHeaderOf(setCookie)}`));
    expect(`${settings.origin}${settings.pathname}`).toBe("https://admin.shopify.com/store/a/apps/api-key/app/settings/provider");
    expect([...settings.searchParams.entries()]).toEqual([["provider_attempt", attempt]]);
    // Held for the confirmation, sealed: nothing stored for the shop yet.
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
    const held = await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } });
    expect(held.providerAccount).toMatch(/^C\d{8}$/);
    expect(held.tokensCiphertext).toMatch(/^v1\./);

    expect(await connectionOffer(db, attempt, starter)).toEqual({ ok: true, attemptId: attempt, providerAccount: held.providerAccount });
    await confirmProviderConnection(db, attempt, starter, { key });
    const stored = await readProviderCredentials(db, shop, { key });
    expect(stored).toMatchObject({ kind: "oauth", customerId: held.providerAccount, refreshToken: expect.any(String) });
    // The tokens work at the provider, and the attempt keeps none of them.
    const calls = await fetch(`${sandbox.url}/v1/trackings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stored?.kind === "oauth" ? stored.accessToken : ""}`, "Content-Type": "application/json" },
      body: JSON.stringify({ TrackingNumbers: ["X1"] }),
    });
    expect(calls.status).toBe(200);
    expect(await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).toMatchObject({
      tokensCiphertext: null,
      finishedAt: expect.any(Date),
    });
  });

  it("opens the start page once: a second opening, or two at once, get one cookie between them", async () => {
    const attempt = await pressConnect();
    await openProviderLogin(db, attempt, oauth, { key });
    expect(await refusal(openProviderLogin(db, attempt, oauth, { key }))).toBe("used");

    const raced = await pressConnect({ shop, staffMember: "7" });
    const outcomes = await Promise.allSettled([openProviderLogin(db, raced, oauth, { key }), openProviderLogin(db, raced, oauth, { key })]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === "rejected");
    expect(lost?.status === "rejected" && (lost.reason as ConnectionAttemptRefused).problem).toBe("used");
  });

  it("refuses the provider's answer in another browser (no cookie, or another's), and the right browser can still finish", async () => {
    const { attempt, code, cookie } = await approvedAttempt();
    const other = await approvedAttempt({ shop, staffMember: "7" });
    expect(await refusal(answer(attempt, code, null))).toBe("otherBrowser");
    expect(await refusal(answer(attempt, code, "session=abc"))).toBe("otherBrowser");
    expect(await refusal(answer(attempt, code, other.cookie))).toBe("otherBrowser");
    expect(await refusal(answer(attempt, code, `${BROWSER_COOKIE}=${"A".repeat(43)}`))).toBe("otherBrowser");
    expect((await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).answeredAt).toBeNull();

    await answer(attempt, code, cookie);
    expect(await connectionOffer(db, attempt, starter)).toMatchObject({ ok: true });
  });

  it("takes the provider's answer once: the same link again is refused, and nothing more is held", async () => {
    const { attempt, code, cookie } = await approvedAttempt();
    await answer(attempt, code, cookie);
    const held = (await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).tokensCiphertext;
    expect(await refusal(answer(attempt, code, cookie))).toBe("used");
    expect((await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).tokensCiphertext).toBe(held);
  });

  it("refuses what comes after ten minutes: the start page, the answer, the question and the confirmation", async () => {
    const late = () => new Date(Date.now() + CONNECTION_ATTEMPT_TTL_MS + 1_000);

    const unopened = await pressConnect();
    expect(await refusal(openProviderLogin(db, unopened, oauth, { key, now: late() }))).toBe("expired");

    const unanswered = await approvedAttempt();
    expect(
      await refusal(
        takeProviderAnswer(
          db,
          { state: unanswered.attempt, code: unanswered.code, error: null, cookieHeader: unanswered.cookie },
          oauth,
          APP,
          { key, now: late() },
        ),
      ),
    ).toBe("expired");

    const unconfirmed = await approvedAttempt({ shop, staffMember: "7" });
    await answer(unconfirmed.attempt, unconfirmed.code, unconfirmed.cookie);
    const who = { shop, staffMember: "7" };
    const later = late();
    expect(await connectionOffer(db, unconfirmed.attempt, who, { now: later })).toEqual({
      ok: false,
      reason: "expired",
      problem: ATTEMPT_PROBLEMS.expired,
    });
    expect(await refusal(confirmProviderConnection(db, unconfirmed.attempt, who, { key, now: later }))).toBe("expired");
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
  });

  it("refuses a code the provider issued for another challenge: the sandbox checks the verifier, nothing is held", async () => {
    // The victim pressed Connect and opened the start page; an attacker's own approval (its own
    // challenge) is slipped into the victim's callback under the victim's attempt.
    const victim = await pressConnect();
    const { setCookie } = await openProviderLogin(db, victim, oauth, { key });
    const attackerVerifier = newCodeVerifier();
    const { code: attackersCode } = await approveAt(
      oauth.authorizationUrl({ state: victim, codeChallenge: codeChallengeOf(attackerVerifier) }),
    );

    expect(await refusal(answer(victim, attackersCode, cookieHeaderOf(setCookie)))).toBe("refused");
    const row = await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: victim } });
    expect(row.tokensCiphertext).toBeNull();
    expect(await connectionOffer(db, victim, starter)).toBeNull();
    // The code died with the wrong verifier: not even its own verifier gets tokens for it now.
    await expect(oauth.exchangeCode(attackersCode, attackerVerifier)).rejects.toThrow(/did not accept the authorization/);
  });

  it("answers a refusal at the provider with fixed words, and the attempt is over", async () => {
    const attempt = await pressConnect();
    const { setCookie } = await openProviderLogin(db, attempt, oauth, { key });
    const refused = takeProviderAnswer(
      db,
      { state: attempt, code: null, error: "access_denied", cookieHeader: cookieHeaderOf(setCookie) },
      oauth,
      APP,
      { key },
    );
    expect(await refusal(refused)).toBe("refused");
    expect((await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).answeredAt).toEqual(expect.any(Date));
    expect(ATTEMPT_PROBLEMS.refused).toBe("The provider did not approve the connection. Press Connect in the app's settings to try again.");
  });

  it("asks only the staff member who pressed Connect, in that shop; anyone else sees nothing and confirms nothing", async () => {
    const { attempt, code, cookie } = await approvedAttempt();
    await answer(attempt, code, cookie);
    for (const stranger of [
      { shop, staffMember: "7" },
      { shop: "b.myshopify.com", staffMember: "42" },
    ]) {
      expect(await connectionOffer(db, attempt, stranger)).toBeNull();
      expect(await refusal(confirmProviderConnection(db, attempt, stranger, { key }))).toBe("unknown");
      await dropConnectionAttempt(db, attempt, stranger);
    }
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
    expect(await readProviderCredentials(db, "b.myshopify.com", { key })).toBeNull();
    expect(await connectionOffer(db, attempt, starter)).toMatchObject({ ok: true });
  });

  it("confirms once: a second confirmation, or two at once, store the credentials once", async () => {
    const first = await approvedAttempt();
    await answer(first.attempt, first.code, first.cookie);
    await confirmProviderConnection(db, first.attempt, starter, { key });
    expect(await refusal(confirmProviderConnection(db, first.attempt, starter, { key }))).toBe("used");
    expect(await connectionOffer(db, first.attempt, starter)).toEqual({ ok: false, reason: "used", problem: ATTEMPT_PROBLEMS.used });

    const second = await approvedAttempt();
    await answer(second.attempt, second.code, second.cookie);
    const outcomes = await Promise.allSettled([
      confirmProviderConnection(db, second.attempt, starter, { key }),
      confirmProviderConnection(db, second.attempt, starter, { key }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("Cancel forgets the staff member's attempt and its tokens; a new Connect replaces an unfinished one", async () => {
    const cancelled = await approvedAttempt();
    await answer(cancelled.attempt, cancelled.code, cancelled.cookie);
    await dropConnectionAttempt(db, cancelled.attempt, starter);
    expect(await db.providerConnectionAttempt.count({ where: { id: cancelled.attempt } })).toBe(0);
    expect(await connectionOffer(db, cancelled.attempt, starter)).toBeNull();

    const earlier = await pressConnect();
    const others = await pressConnect({ shop, staffMember: "7" });
    await pressConnect();
    expect(await db.providerConnectionAttempt.count({ where: { id: earlier } })).toBe(0);
    expect(await refusal(openProviderLogin(db, earlier, oauth, { key }))).toBe("unknown");
    expect(await db.providerConnectionAttempt.count({ where: { id: others } })).toBe(1);
  });

  it("keeps the verifier and the tokens sealed for their attempt: copied to another, they do not open", async () => {
    const { attempt, code, cookie } = await approvedAttempt();
    await answer(attempt, code, cookie);
    const source = await db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } });
    const copy = await pressConnect({ shop, staffMember: "7" });
    await db.providerConnectionAttempt.update({
      where: { id: copy },
      data: {
        verifierCiphertext: source.verifierCiphertext,
        answeredAt: new Date(),
        tokensCiphertext: source.tokensCiphertext,
        providerAccount: source.providerAccount,
      },
    });
    expect(await refusal(confirmProviderConnection(db, copy, { shop, staffMember: "7" }, { key }))).toBe("expired");
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
  });
});
