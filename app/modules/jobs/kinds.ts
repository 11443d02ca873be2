/** What each kind of job is called in the console; a kind not listed shows as it is written. */
export const JOB_KIND_LABELS: Record<string, string> = {
  "payments.abandoned": "Abandoned payments check",
  "orders.unconfirmed-cod": "Unconfirmed COD orders check",
  housekeeping: "Housekeeping",
};

export function jobKindLabel(kind: string): string {
  return JOB_KIND_LABELS[kind] ?? kind;
}

export const JOB_STATE_LABELS = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  dead: "Dead",
  discarded: "Discarded",
} as const;
