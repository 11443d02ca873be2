/** What each kind of job is called in the console; a kind not listed shows as it is written. */
export const JOB_KIND_LABELS: Record<string, string> = {
  "payments.abandoned": "Abandoned payments check",
  "orders.unconfirmed-cod": "Unconfirmed COD orders check",
  housekeeping: "Housekeeping",
  "notify.order": "Message to a customer about an order",
};

export function jobKindLabel(kind: string, payload?: unknown): string {
  const label = JOB_KIND_LABELS[kind] ?? kind;
  // A message job says which message: "Message to a customer about an order: shipped".
  const { event, channel } = (typeof payload === "object" && payload !== null ? payload : {}) as {
    event?: unknown;
    channel?: unknown;
  };
  if (typeof event !== "string") return label;
  return typeof channel === "string"
    ? `${label}: ${event} by ${channel === "sms" ? "SMS" : channel}`
    : `${label}: ${event}`;
}

export const JOB_STATE_LABELS = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  dead: "Dead",
  discarded: "Discarded",
} as const;
