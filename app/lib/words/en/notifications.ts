/**
 * Settings > Notifications: what Shopify tells the customers, and the merchant's alerts: the
 * channels' fields (their labels are also what an error names), what is wrong with a field, and the
 * test alert's answers.
 */
export const notifications = {
  title: "Notifications",
  subtitle: "Who is told what, and when.",
  customersTitle: "Customers",
  customersDescription: "What Shopify tells your customers when the provider ships their parcel.",
  notifyCustomer: "Email the customer when tracking is added",
  notifyCustomerHelp: "Shopify sends its shipping confirmation, with the tracking number and link, as each fulfilment is created.",
  sectionTitle: "Alerts",
  sectionDescription:
    "Held or failed shipments, work that gave up, a failed sync, Shopify pausing the store, the provider unreachable: told by e-mail or to a webhook, with a link to the page where it is fixed. A burst of alerts is one message.",
  webhookTitle: "Webhook",
  webhookHelp: 'Messages go as Slack-compatible JSON ({"text": …}): a Slack incoming webhook, or any service that takes the same.',
  emailTitle: "E-mail",
  emailHelp: "Sent through your own mail server (SMTP).",
  enabled: {
    webhook: "Send alerts to the webhook",
    email: "Send alerts by e-mail",
  },
  /** By the form's field names: the page's labels, and what an error names. */
  labels: {
    "alerts.webhook.url": "Webhook address",
    "alerts.webhook.schedule": "When (webhook)",
    "alerts.webhook.language": "Language (webhook)",
    "alerts.email.host": "Mail server",
    "alerts.email.port": "Port",
    "alerts.email.security": "Security",
    "alerts.email.user": "User name",
    "alerts.email.password": "Password",
    "alerts.email.sender": "Sender",
    "alerts.email.recipients": "Recipients",
    "alerts.email.schedule": "When (e-mail)",
    "alerts.email.language": "Language (e-mail)",
  },
  /** The languages a channel's messages can be written in. */
  languages: {
    en: "English",
    "zh-CN": "Simplified Chinese",
  },
  schedules: {
    AT_ONCE: "At once",
    HOURLY: "Hourly digest",
    DAILY: "Daily digest",
  },
  securities: {
    STARTTLS: "STARTTLS (usually port 587)",
    TLS: "TLS from the start (usually port 465)",
    NONE: "None (a relay on your own network)",
  },
  webhookSaved: (host: string) => `Saved: sends to ${host}. Leave blank to keep it; type a new address to replace it.`,
  webhookNone: "For example https://hooks.slack.com/services/…",
  passwordSaved: "Saved. Leave blank to keep it.",
  passwordNone: "Blank when the server takes mail without a login.",
  userHelp: "Blank when the server takes mail without a login (a saved password is then forgotten).",
  recipientsHelp: "E-mail addresses, separated by commas or on lines of their own.",
  failing: (since: string, error: string) => `Failing since ${since}: ${error}. Messages wait and are sent when it works again.`,
  lastSent: (at: string) => `Last message sent ${at}.`,
  sendTest: "Send a test alert",
  sendTestHelp: "Sends one message now to the saved channel (save your changes first).",
  testSent: {
    WEBHOOK: "A test alert was sent to the webhook. Check that it arrived.",
    EMAIL: "A test alert was sent by e-mail. Check that it arrived.",
  },
  testFailed: {
    WEBHOOK: (error: string) => `The test alert could not be sent to the webhook: ${error}`,
    EMAIL: (error: string) => `The test alert could not be sent by e-mail: ${error}`,
  },
  notSaved: "Save the channel first: there is nothing to send with yet.",
  unknownChannel: "Unknown channel.",
  errors: {
    schedule: "must be At once, Hourly digest or Daily digest",
    security: "must be STARTTLS, TLS or None",
    language: "must be English or Simplified Chinese",
    url: "must be a web address such as https://hooks.slack.com/services/…",
    host: "must be a server name such as smtp.example.com",
    port: "must be a whole number from 1 to 65535",
    sender: "must be an e-mail address such as alerts@example.com",
    recipients: (address: string) => `must be e-mail addresses separated by commas: “${address}” is not one`,
    requiredForEmail: "is required to send alerts by e-mail",
    requiredForWebhook: "is required to send alerts to a webhook",
  },
};
