/** The answer of a development convenience asked from anywhere but this machine (issue 53). */
export const LOOPBACK_ONLY_MESSAGE =
  "This development convenience answers only on the machine the store runs on, not through a proxy.";
