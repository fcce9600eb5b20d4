/**
 * The guard on addresses someone else typed in: what counts as public, and a fetch that checks the
 * address on every request, connects to the very address it checked, and follows no redirect. Real
 * HTTP servers on loopback stand in for the provider (allowed here by the policy under test), and
 * a DNS answer that changes between lookups stands in for a rebinding attacker's.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import {
  AddressRefused,
  addressAllowed,
  addressRefusalIn,
  checkAddress,
  guardedFetch,
  type AddressPolicy,
} from "~/lib/public-address.server";
import { wordsFor } from "~/lib/words";

const strict: AddressPolicy = { allowHttp: false, allowLoopback: false };
const stackLike: AddressPolicy = { allowHttp: true, allowLoopback: true };

async function listen(
  handler: (request: IncomingMessage, respond: (status: number, headers?: Record<string, string>, body?: string) => void) => void,
) {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request);
    request.resume();
    handler(request, (status, headers = {}, body = "") => response.writeHead(status, headers).end(body));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return { port: (server.address() as AddressInfo).port, seen, close: () => new Promise((done) => server.close(done)) };
}

const servers: { close(): Promise<unknown> }[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe("public addresses", () => {
  it("are the public internet only: no loopback, private ranges, link-local (cloud metadata), CGNAT, multicast or mapped forms of them", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
    ]) {
      expect(addressAllowed(address, strict), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(addressAllowed(address, strict), address).toBe(true);
    expect(addressAllowed("127.0.0.1", stackLike)).toBe(true);
    expect(addressAllowed("10.1.2.3", stackLike)).toBe(false);
  });

  it("are checked for the address as typed: https only, every address the name resolves to, no credentials in it", async () => {
    const refused = (url: string, policy = strict, answers = ["93.184.216.34"]) =>
      expect(
        checkAddress(new URL(url), policy, async () => answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))),
      ).rejects.toBeInstanceOf(AddressRefused);
    await refused("http://api.example.com/");
    await refused("https://169.254.169.254/latest/meta-data/");
    await refused("https://[::1]:4010/");
    // Other spellings of inside addresses, as URL normalises them: mapped IPv6, decimal and hex IPv4.
    await refused("https://[::ffff:127.0.0.1]/");
    await refused("https://[::ffff:169.254.169.254]/latest/meta-data/");
    await refused("https://2130706433/");
    await refused("https://0xa9.254.169.254/");
    await refused("https://127.0.0.1.nip.io/", strict, ["127.0.0.1"]);
    await refused("https://api.example.com/", strict, ["93.184.216.34", "10.0.0.5"]);
    await refused("https://user:secret@api.example.com/");
    await refused("https://localhost/", strict, ["127.0.0.1", "::1"]);
    await expect(
      checkAddress(new URL("https://api.example.com/"), strict, async () => [{ address: "93.184.216.34", family: 4 }]),
    ).resolves.toEqual({ address: "93.184.216.34", family: 4 });
  });

  it("say why they are refused as sentences: English as the message, and in the admin's language by their key", async () => {
    const refusalOf = async (url: string, answers = ["93.184.216.34"]) => {
      const error: unknown = await checkAddress(new URL(url), strict, async () =>
        answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      ).catch((caught: unknown) => caught);
      if (!(error instanceof AddressRefused)) throw new Error(`${url} was not refused`);
      expect(error.message).toBe(error.said.message);
      return [addressRefusalIn(wordsFor("en"), error.said), addressRefusalIn(wordsFor("zh-CN"), error.said)];
    };
    expect(await refusalOf("http://api.example.com/")).toEqual([
      "http://api.example.com is not an https address: only https is allowed here",
      "http://api.example.com 不是 https 地址：此处只允许 https",
    ]);
    expect(await refusalOf("https://user:secret@api.example.com/")).toEqual([
      "api.example.com carries a user name or password in the address",
      "api.example.com 的地址中带有用户名或密码",
    ]);
    expect(await refusalOf("https://api.example.com/", ["10.0.0.5"])).toEqual([
      "api.example.com resolves to 10.0.0.5, which is not a public internet address",
      "api.example.com 解析为 10.0.0.5，这不是公网地址",
    ]);
    expect(await refusalOf("https://169.254.169.254/")).toEqual([
      "169.254.169.254 is not a public internet address",
      "169.254.169.254 不是公网地址",
    ]);
    expect(await refusalOf("https://api.example.com/", [])).toEqual([
      "api.example.com resolves to no address",
      "api.example.com 没有解析到任何地址",
    ]);
    // The password typed in the address is named by neither.
    expect(JSON.stringify(await refusalOf("https://user:secret@api.example.com/"))).not.toContain("secret");
  });
});

describe("the guarded fetch", () => {
  it("connects to the address it checked, never to what a second DNS answer says, and refuses before connecting", async () => {
    const provider = await listen((_request, respond) => respond(200, { "Content-Type": "application/json" }, '{"ok":true}'));
    servers.push(provider);
    const answers = ["127.0.0.1", "10.0.0.1"];
    let lookups = 0;
    const fetch = guardedFetch({
      policy: stackLike,
      lookup: async () => {
        const address = answers[Math.min(lookups, answers.length - 1)] ?? "10.0.0.1";
        lookups += 1;
        return [{ address, family: 4 }];
      },
    });
    const url = `http://provider.test:${provider.port}/v1/ping`;
    const answer = await fetch(url, { method: "GET", headers: { Authorization: "Bearer secret" } });
    expect([answer.status, await answer.text()]).toEqual([200, '{"ok":true}']);
    expect(lookups).toBe(1);
    expect(provider.seen.map((request) => [request.headers.host, request.url])).toEqual([[`provider.test:${provider.port}`, "/v1/ping"]]);

    // The name now answers with a private address (DNS rebinding): refused, and no connection made.
    await expect(fetch(url, { method: "GET", headers: { Authorization: "Bearer secret" } })).rejects.toThrow(
      /provider\.test resolves to 10\.0\.0\.1, which is not a public internet address/,
    );
    expect(provider.seen).toHaveLength(1);
  });

  it("follows no redirect: the 3xx comes back without its body, and the address it points to is never asked", async () => {
    const inside = await listen((_request, respond) => respond(200, {}, "metadata: instance credentials"));
    const provider = await listen((_request, respond) =>
      respond(302, { Location: `http://127.0.0.1:${inside.port}/latest/meta-data/` }, "moved to the metadata service"),
    );
    servers.push(inside, provider);
    const fetch = guardedFetch({ policy: stackLike, lookup: async () => [{ address: "127.0.0.1", family: 4 }] });
    const answer = await fetch(`http://provider.test:${provider.port}/v1/orders`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(302);
    expect(await answer.text()).toBe("");
    expect(inside.seen).toHaveLength(0);
  });

  it("gives up when the caller's deadline passes, even mid-answer, and cuts off an answer longer than its limit", async () => {
    // Headers and a first chunk, then nothing: the answer never ends.
    const slow = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"a":');
    });
    await new Promise<void>((ready) => slow.listen(0, "127.0.0.1", ready));
    const slowPort = (slow.address() as AddressInfo).port;
    servers.push({ close: () => new Promise((done) => slow.close(done).closeAllConnections()) });
    const big = await listen((_request, respond) => respond(200, {}, "x".repeat(4096)));
    servers.push(big);
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 200);
    await expect(
      guardedFetch({ policy: stackLike, lookup })(`http://provider.test:${slowPort}/`, { method: "GET", signal: deadline.signal }),
    ).rejects.toThrow();
    await expect(
      guardedFetch({ policy: stackLike, lookup, maxBodyBytes: 1024 })(`http://provider.test:${big.port}/`, { method: "GET" }),
    ).rejects.toThrow(/longer than 1024 bytes/);
  });
});
