/** What every state change needs: the world, and the channel back to the app. */
import type { EmulatorState } from "./state";
import type { WebhookDispatcher } from "./webhooks";

export interface Platform {
  state: EmulatorState;
  webhooks: WebhookDispatcher;
}
