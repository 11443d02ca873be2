/** An amount in paise (1/100 rupee). Integers only; never a float sum. */
export type Paise = number;
