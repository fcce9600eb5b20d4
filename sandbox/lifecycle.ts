/**
 * Brings the world up to date before a request is answered: orders whose create delay has passed are
 * resolved, inbound shipments whose delay has passed and returns delivered to their warehouse are
 * received, in the order they fell due.
 * The order matters: stock received at 10:00 is there for an outbound order resolved at 10:01, and
 * two orders competing for the last units are served first come, first served.
 */
import type { SandboxContext } from "./operation";
import { resolveDropship, resolveOutbound } from "./orders/creation";
import { receiveInbound } from "./orders/inbound";
import { receiveReturn } from "./orders/returns";
import { DELIVERED_STEP } from "./orders/tracking";

/** The provider deleted or cancelled it (control route): its creation never completes. */
const withdrawn = (order: { handleStatus?: string | undefined }) => order.handleStatus === "Delete" || order.handleStatus === "Cancel";

interface DueEvent {
  readonly at: number;
  readonly seq: number;
  readonly happen: () => void;
}

export function settle(ctx: SandboxContext): void {
  const { state, now } = ctx;
  const due: DueEvent[] = [];
  for (const order of state.dropships.values()) {
    if (order.outcome.status === "Creating" && order.dueAt <= now && !withdrawn(order)) {
      due.push({ at: order.dueAt, seq: order.seq, happen: () => resolveDropship(order, ctx) });
    }
  }
  for (const order of state.outbounds.values()) {
    if (order.outcome.status === "Creating" && order.dueAt <= now && !withdrawn(order)) {
      due.push({ at: order.dueAt, seq: order.seq, happen: () => resolveOutbound(order, ctx) });
    }
  }
  for (const shipment of state.inbounds.values()) {
    if (shipment.receivedAt === undefined && shipment.dueAt <= now) {
      due.push({ at: shipment.dueAt, seq: shipment.seq, happen: () => receiveInbound(shipment, state) });
    }
  }
  for (const order of state.returns.values()) {
    if (order.receivedAt !== undefined || order.outcome.status !== "Created") continue;
    const deliveredAt = order.outcome.parcel.createdAt + DELIVERED_STEP * ctx.settings.trackingStepMs;
    if (deliveredAt <= now) due.push({ at: deliveredAt, seq: 0, happen: () => receiveReturn(order, deliveredAt, state) });
  }
  due.sort((a, b) => a.at - b.at || a.seq - b.seq).forEach((event) => event.happen());
}
