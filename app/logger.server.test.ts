import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "./logger.server";

describe("the logger", () => {
  it("writes one JSON line per entry at or above its level", () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    log.debug("not written");
    log.warn("order refused", { reason: "stock" });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ level: "warn", msg: "order refused", reason: "stock" });
  });

  it("puts a child's fields on every line, after the entry's own time and level", () => {
    const lines: string[] = [];
    const request = createLogger("info", (line) => lines.push(line)).child({ requestId: "r-1" });
    request.info("request", { status: 200 });
    request.child({ staff: "owner" }).error("failed", { error: new Error("boom") });
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ msg: "request", requestId: "r-1", status: 200 });
    expect(second).toMatchObject({ level: "error", requestId: "r-1", staff: "owner", error: { message: "boom" } });
    expect(Object.keys(first).slice(0, 4)).toEqual(["time", "level", "msg", "requestId"]);
  });
});

describe("what the logger leaves out", () => {
  const written = (fields: Record<string, unknown>, msg = "entry") => {
    const lines: string[] = [];
    createLogger("info", (line) => lines.push(line)).info(msg, fields);
    return JSON.parse(lines[0] ?? "{}");
  };

  it("keeps a phone's last 4 digits, in its own field and inside any text", () => {
    expect(written({ phone: "9820012345" }).phone).toBe("******2345");
    expect(written({ customerPhone: 9820012345 }).customerPhone).toBe("******2345");
    expect(written({ note: "call +91 98200 12345 or 098200-54321 today" }).note).toBe(
      "call ******2345 or ******4321 today",
    );
    expect(written({}, "no code for 9820012345").msg).toBe("no code for ******2345");
  });

  it("writes no code, token, password or cookie, at any depth", () => {
    const entry = written({
      code: "482913",
      otp: 123456,
      accessToken: "4cG1pUq2Hn0",
      request: { headers: { authorization: "Bearer abc", cookie: "session=xyz" }, password: "hunter22" },
    });
    expect(entry).toEqual(
      expect.objectContaining({
        code: REDACTED,
        otp: REDACTED,
        accessToken: REDACTED,
        request: { headers: { authorization: REDACTED, cookie: REDACTED }, password: REDACTED },
      }),
    );
  });

  it("cuts secret parameters out of addresses and masks emails, in errors too", () => {
    const entry = written({
      target: "/thank-you?order=2612028JQSKSK8&token=4cG1pUq2Hn0&phone=9820012345",
      error: new Error("recipient rahul.mehta@example.com refused"),
    });
    expect(entry.target).toBe("/thank-you?order=2612028JQSKSK8&token=[redacted]&phone=[redacted]");
    expect(entry.error.message).toBe("recipient r***@example.com refused");
  });

  it("leaves what is not personal as it is: ids, order numbers, times, counts", () => {
    const fields = {
      requestId: "0d9f6a7e-9c2b-4f1e-8d7a-6b5c4d3e2f10",
      // Seen in CI: ten digits across a request id's groups, once masked as if a phone.
      clientId: "221c5ca5-0266-41fc-9123-456797f27723",
      orderNumber: "2612028JQSKSK8",
      exitCode: 1,
      ms: 12.5,
      at: "2026-12-07T06:03:56.123Z",
      amount: "₹9,876",
    };
    expect(written(fields)).toMatchObject(fields);
  });
});
