import { describe, expect, it } from "vitest";
import { afterFailure, describeError, PermanentJobError, retryDelayMs } from "./backoff";

describe("retry delays", () => {
  it("doubles from 10 seconds, with the spread centred on the base", () => {
    expect(retryDelayMs(1, 0.5)).toBe(10_000);
    expect(retryDelayMs(2, 0.5)).toBe(20_000);
    expect(retryDelayMs(3, 0.5)).toBe(40_000);
    expect(retryDelayMs(7, 0.5)).toBe(640_000);
  });

  it("spreads a quarter either way", () => {
    expect(retryDelayMs(1, 0)).toBe(7_500);
    expect(retryDelayMs(1, 0.999_999)).toBe(12_500);
    expect(retryDelayMs(3, 0)).toBe(30_000);
  });

  it("never waits more than an hour (and a quarter)", () => {
    expect(retryDelayMs(9, 0.5)).toBe(2_560_000);
    expect(retryDelayMs(10, 0.5)).toBe(3_600_000);
    expect(retryDelayMs(40, 0.5)).toBe(3_600_000);
    expect(retryDelayMs(40, 0.75)).toBe(4_050_000);
  });

  it("treats nonsense counts as a first failure", () => {
    expect(retryDelayMs(0, 0.5)).toBe(10_000);
    expect(retryDelayMs(-3, 0.5)).toBe(10_000);
  });
});

describe("after a failure", () => {
  it("queues the job again until its attempts are spent, then it is dead", () => {
    expect(afterFailure(1, 8, 0.5)).toEqual({ state: "queued", delayMs: 10_000 });
    expect(afterFailure(7, 8, 0.5)).toEqual({ state: "queued", delayMs: 640_000 });
    expect(afterFailure(8, 8, 0.5)).toEqual({ state: "dead" });
    expect(afterFailure(1, 1, 0.5)).toEqual({ state: "dead" });
  });
});

describe("errors as the console shows them", () => {
  it("gives the message, with the error's name when it is not a plain Error", () => {
    expect(describeError(new Error("SMTP refused"))).toBe("SMTP refused");
    expect(describeError(new TypeError("x is not a function"))).toBe("TypeError: x is not a function");
    expect(describeError("just text")).toBe("just text");
    expect(describeError(new PermanentJobError("The link answered 404."))).toBe("The link answered 404.");
  });

  it("cuts a long message at 2,000 characters", () => {
    const text = describeError(new Error("x".repeat(5_000)));
    expect(text).toHaveLength(2_000);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("job names in the console", () => {
  it("names each kind, a message with its event, and an unknown kind as written", async () => {
    const { jobKindLabel } = await import("./kinds");
    expect(jobKindLabel("housekeeping")).toBe("Housekeeping");
    expect(jobKindLabel("notify.order", { orderId: "x", event: "shipped" })).toBe(
      "Message to a customer about an order: shipped",
    );
    expect(jobKindLabel("something.new")).toBe("something.new");
  });
});
