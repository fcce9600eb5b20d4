/** Settings > Provider connection: sandbox or live, the provider's address, and the account the app sends with. */
export const settingsProvider = {
  title: "Provider connection",
  subtitle: "Sandbox tries everything against the provider simulator; live sends real parcels with your provider account.",
  modeTitle: "Mode and address",
  modeDescription: "Where the app sends packages, and whether they are real.",
  mode: "Mode",
  modes: {
    sandbox: "Sandbox (no real parcels)",
    live: "Live",
  },
  address: "Provider address",
  addressLiveHelp: (example: string) => `Live mode needs your provider's public https address, for example ${example}.`,
  addressDefaultHelp: (address: string) => `Leave empty for ${address}.`,
  addressPlaceholder: (address: string) => `e.g. ${address}`,
  credentialsTitle: "Credentials",
  credentialsDescription: "The account live mode sends with. The sandbox needs none.",
  account: "Your provider account",
  notConnected: "Not connected: live mode needs an API token or a connection through the provider's login.",
  connectedWithToken: (since: string, ending: string | null) =>
    `Connected with an API token since ${since}${ending === null ? "" : ` (token ending ${ending})`}.`,
  connectedWithLogin: (since: string, account: string | null, renewableUntil: string | null) =>
    `Connected through the provider's login since ${since}` +
    (account === null ? "" : ` (account ${account})`) +
    (renewableUntil === null ? "." : `; renews itself until ${renewableUntil}.`),
  /** The stored credentials cannot be read; `why` is the operator's detail, as the app logged it. */
  unreadable: (why: string) => why,
  liveNeedsConnection: "Shipments cannot reach the provider in live mode until it is connected.",
  token: "API token",
  tokenHelp:
    "Pasted from the provider's developer settings. Checked with the provider before it is saved; stored encrypted, never shown again.",
  saveToken: "Check and save the token",
  connectWithLogin: "Connect with the provider's login",
  connectAgain: "Connect again",
  disconnect: "Disconnect",
  pending: {
    saveToken: "Checking the API token with the provider…",
    disconnect: "Disconnecting…",
    connect: "Opening the provider's login…",
    confirmConnection: "Connecting the provider account…",
    declineConnection: "Cancelling…",
  },
  /** The question, whole, with the account as its one value. */
  connectQuestion: (account: string | null) =>
    account === null ? "Connect your provider account to this store?" : `Connect provider account ${account} to this store?`,
  connectExplained: "You approved this account at the provider. Nothing changes for this store until you connect it here.",
  connect: "Connect",
  cancel: "Cancel",
  notConnectedTitle: "The provider was not connected",
  connected: "Connected to the provider.",
  tokenNotSaved: "The token was not saved.",
  tokenSaved: "API token saved: the provider accepted it, and live mode sends with it from now on.",
  disconnected: "Disconnected: the app no longer holds credentials for the provider.",
  declined: "Nothing was connected: the credentials in use stay as they were.",
  loginNotSetUp:
    "Connecting through the provider's login is not set up for this installation (PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET). Enter an API token instead.",
  /** What is wrong with the token typed, said after its name. */
  tokenErrors: {
    required: "is required",
    tooLong: (max: string) => `must be at most ${max} characters`,
    characters: "may contain only letters, digits and symbols, without spaces",
    addressUnusable: (why: string) => `cannot be checked: the provider address in Settings > Provider connection cannot be used (${why})`,
    refused: "was refused by the provider: check it in the provider's developer settings and paste it again",
    noAnswer: (said: string) => `could not be checked: the provider did not answer (${said}). Try again in a moment`,
    answered: (said: string) => `could not be checked: the provider answered ${said}`,
    /** `problem`: what went wrong with the call, a whole sentence of `providerProblems`. */
    notChecked: (problem: string) => `could not be checked. ${problem}`,
  },
  /** Why a step of a connection through the provider's login was refused, and what to do. */
  problems: {
    unknown:
      "This connection is not one the app is waiting for: it may have been replaced by a newer one. Press Connect in the app's settings to start again.",
    expired: "This connection was not finished within the ten minutes it is good for. Press Connect in the app's settings to start again.",
    used: "This connection link has already been used. Press Connect in the app's settings to start again.",
    otherBrowser:
      "This connection was started in another browser. Finish it in the browser where you pressed Connect, or press Connect in the app's settings again from this one.",
    refused: "The provider did not approve the connection. Press Connect in the app's settings to try again.",
    unreachable: "The provider could not be reached to finish the connection. Press Connect in the app's settings to try again.",
  },
};
