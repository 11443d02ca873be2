/** What each kind of job is called in the console; a kind not listed shows as it is written. */
export const JOB_KIND_LABELS: Record<string, string> = {
  "payments.abandoned": "Abandoned payments check",
  "orders.unconfirmed-cod": "Unconfirmed COD orders check",
  housekeeping: "Housekeeping",
  "notify.order": "Message to a customer about an order",
  "notify.shop": "The shop told of an order",
  "notify.shop-email": "Email to the shop's order address",
  "notify.webhook": "The shop's webhook",
  "notify.webhook-test": "Webhook test delivery",
  "newsletter.confirm": "Newsletter confirmation email",
  "media.fetch": "Photo fetched from an imported link",
  "backup.scheduled": "Scheduled backup",
  "backup.now": "Backup asked for on the Backups page",
};

const CHANNEL_NAMES: Record<string, string> = { sms: "SMS", email: "email", whatsapp: "WhatsApp" };

export function jobKindLabel(kind: string, payload?: unknown): string {
  const label = JOB_KIND_LABELS[kind] ?? kind;
  // A message job says which message: "Message to a customer about an order: shipped".
  const { event, channel } = (typeof payload === "object" && payload !== null ? payload : {}) as {
    event?: unknown;
    channel?: unknown;
  };
  const { link } = (typeof payload === "object" && payload !== null ? payload : {}) as { link?: unknown };
  if (typeof link === "string") return `${label}: ${link}`;
  if (typeof event !== "string") return label;
  return typeof channel === "string"
    ? `${label}: ${event} by ${CHANNEL_NAMES[channel] ?? channel}`
    : `${label}: ${event}`;
}

export const JOB_STATE_LABELS = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  dead: "Dead",
  discarded: "Discarded",
} as const;
