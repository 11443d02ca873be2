import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

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
