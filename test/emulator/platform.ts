/** What every state change needs: the world, the channel back to the app, and background work. */
import type { BackgroundJobs } from "./background";
import type { EmulatorState } from "./state";
import type { WebhookDispatcher } from "./webhooks";

export interface Platform {
  state: EmulatorState;
  webhooks: WebhookDispatcher;
  jobs: BackgroundJobs;
}
