/**
 * Why the app refuses an address the merchant typed (a provider address, an alert webhook, a mail
 * server): lib/public-address.server.ts's checks and the wiring's lookup, said by their key
 * (decision 0045) so Settings names the refusal in the admin's language. The address is quoted as
 * typed. Fragments, not sentences: a page puts them at a field or inside its own sentence.
 */
export const publicAddress = {
  /** `origin` is the address's scheme, host and port ("http://93.184.216.34"). */
  notHttps: (origin: string) => `${origin} is not an https address: only https is allowed here`,
  carriesLogin: (host: string) => `${host} carries a user name or password in the address`,
  /** `address` is the IP address the host's name resolved to. */
  resolvesToNotPublic: (host: string, address: string) => `${host} resolves to ${address}, which is not a public internet address`,
  notPublic: (host: string) => `${host} is not a public internet address`,
  resolvesToNothing: (host: string) => `${host} resolves to no address`,
  /** `code` is the resolver's error code ("ENOTFOUND"). */
  notFound: (host: string, code: string) => `${host} could not be found (${code})`,
  notFoundNoAnswer: (host: string) => `${host} could not be found (no answer)`,
  /** `why` is one of the refusals above, for the provider address in live mode. */
  liveNeedsPublicHttps: (why: string) => `${why} (live mode sends your provider token only to a public https address)`,
};
