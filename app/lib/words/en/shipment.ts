/** A shipment's words wherever it is shown in the admin (the list and its page): its state, its kind, why it stopped. */
export const shipment = {
  /** Each state's badge, by the state's code. */
  states: {
    HELD: "On hold",
    READY: "Waiting to send",
    SUBMITTED: "Sent to provider",
    CREATED: "Tracking assigned",
    FULFILLED: "Fulfilled",
    DELIVERED: "Delivered",
    FAILED: "Provider refused",
    CANCELLED: "Cancelled",
    ENDED: "Follow ended",
  },
  dropShip: "Drop-ship",
  dropShipVia: (warehouse: string) => `Drop-ship via ${warehouse}`,
  outbound: "Outbound",
  outboundFrom: (warehouse: string) => `Outbound from warehouse ${warehouse}`,
  noReasonRecorded: "No reason was recorded. Open the shipment to see its timeline.",
  /** A shipment's reasons run together in one cell: English puts a space between sentences. */
  thenReason: (reasons: string, next: string) => `${reasons} ${next}`,
  /** `what` is the change as the pipeline recorded it. */
  changedAfterSent: (what: string) => `Changed in Shopify after it was sent: ${what}.`,
  /** Why the app stopped following a package, by the reason's code. */
  endReasons: {
    DELETED: "Deleted by the provider",
    RETURNED: "Returned",
    EXCEPTION: "Delivery exception",
    LOST: "Lost",
    NO_NEWS: "No news",
  },
  followedNoFurther: "Followed no further",
};
