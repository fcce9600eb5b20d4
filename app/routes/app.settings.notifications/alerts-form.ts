/**
 * The alert channels' fields on Settings > Notifications, read as the rest of the settings form is
 * (form.ts: conform's dotted names, the same schema in the browser and on the server). Nothing of
 * the server here: the page's script runs it too. What only the server can say (a saved webhook
 * address, whether an address is public) is checked by the page's action.
 */
import { z } from "zod";
import { checkbox, optional, text } from "~/lib/form-values";
import type { Words } from "~/lib/words";

/** The page's alert fields, each wrong field said in these words; left out altogether (a page without them), the channels stay as they are. */
export function alertsFields(words: Words) {
  const errors = words.notifications.errors;
  const Schedule = z.enum(["AT_ONCE", "HOURLY", "DAILY"], { error: errors.schedule });
  const Security = z.enum(["STARTTLS", "TLS", "NONE"], { error: errors.security });
  const Language = z.enum(["en", "zh-CN"], { error: errors.language });
  const EmailAddress = z.email({ error: errors.sender });

  /** A server name or an IP address, as typed into the mail server field. */
  const HostName = z.string().regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.?)+$|^\[?[0-9A-Fa-f:.]+\]?$/, { error: errors.host });
  const Port = z
    .string()
    .regex(/^\d+$/, { error: errors.port })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: errors.port }).max(65_535, { error: errors.port }));

  /** Addresses separated by commas, semicolons or lines; each must be an e-mail address. */
  const Recipients = text
    .transform((value) =>
      value
        .split(/[\s,;]+/)
        .map((address) => address.trim())
        .filter((address) => address !== ""),
    )
    .superRefine((addresses, context) => {
      const wrong = addresses.find((address) => !EmailAddress.safeParse(address).success);
      if (wrong !== undefined) context.addIssue({ code: "custom", message: errors.recipients(wrong) });
    });

  const WebhookFields = z.object({
    enabled: checkbox,
    url: optional(z.url({ protocol: /^https?$/, error: errors.url })),
    schedule: Schedule,
    language: Language.optional(),
  });

  const EmailFields = z
    .object({
      enabled: checkbox,
      host: optional(HostName),
      port: optional(Port),
      security: Security,
      user: text,
      /** Write-only: blank keeps the saved one. */
      password: z
        .string()
        .optional()
        .transform((value) => value ?? ""),
      sender: optional(EmailAddress),
      recipients: Recipients,
      schedule: Schedule,
      language: Language.optional(),
    })
    .superRefine((email, context) => {
      // Anything typed, or the channel on: the server, the port, the sender and the recipients together.
      const set = email.enabled || email.host !== null || email.sender !== null || email.recipients.length > 0 || email.user !== "";
      if (!set) return;
      for (const field of ["host", "port", "sender"] as const)
        if (email[field] === null) context.addIssue({ code: "custom", path: [field], message: errors.requiredForEmail });
      if (email.recipients.length === 0) context.addIssue({ code: "custom", path: ["recipients"], message: errors.requiredForEmail });
    });

  return z.object({ webhook: WebhookFields, email: EmailFields }).optional();
}
export type AlertsValues = NonNullable<z.output<ReturnType<typeof alertsFields>>>;

/** What the page shows of a saved channel (never its secrets). */
export interface AlertChannelView {
  enabled: boolean;
  schedule: string;
  language: string;
  failingSince: string | null;
  lastError: string | null;
  lastSentAt: string | null;
}

export interface AlertChannelsView {
  webhook: (AlertChannelView & { host: string }) | null;
  email:
    | (AlertChannelView & {
        host: string;
        port: string;
        security: string;
        user: string;
        sender: string;
        recipients: string;
        hasPassword: boolean;
      })
    | null;
}
