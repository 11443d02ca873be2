import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushErrorReports, reportError, startErrorReports } from "./error-reports.server";
import { createLogger } from "./logger.server";

/**
 * Error reports (issue 61) through Sentry's own SDK to a server that takes Sentry's envelopes,
 * as sentry.io, GlitchTip or Bugsink would: the error arrives with its request id, redacted.
 */
describe("error reports", () => {
  let ingest: Server;
  const envelopes: string[] = [];

  beforeAll(async () => {
    ingest = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        envelopes.push(
          `${req.url}\n${(req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8")}`,
        );
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => {
    ingest?.close();
  });

  it("are sent nowhere without a DSN", async () => {
    expect(await startErrorReports({ NODE_ENV: "test" }, createLogger("silent"))).toBe(false);
    reportError(new Error("nobody hears this"));
    expect(await flushErrorReports(100)).toBe(true);
    expect(envelopes).toEqual([]);
  });

  it("reach a Sentry-compatible service with the request's id, without phones, codes or tokens", async () => {
    const port = (ingest.address() as AddressInfo).port;
    const dsn = `http://publickey@127.0.0.1:${port}/42`;
    expect(await startErrorReports({ SENTRY_DSN: dsn, NODE_ENV: "test" }, createLogger("silent"), "0.1.0")).toBe(true);
    // Made here, not written whole: the report carries this file's lines around the throw.
    const phone = ["98200", "12345"].join("");
    const code = String(482_913);
    reportError(new Error(`SMS to +91 ${phone.slice(0, 5)} ${phone.slice(5)} failed: /verify?code=${code}&token=abc`), {
      requestId: "0d9f6a7e-9c2b-4f1e-8d7a-6b5c4d3e2f10",
      method: "POST",
      path: "/api/account/code",
      phone,
    });
    expect(await flushErrorReports(5_000)).toBe(true);
    const sent = envelopes.join("\n");
    expect(sent).toContain("/api/42/envelope/");
    expect(sent).toContain("SMS to ******2345 failed: /verify?code=[redacted]&token=[redacted]");
    expect(sent).toContain('"requestId":"0d9f6a7e-9c2b-4f1e-8d7a-6b5c4d3e2f10"');
    expect(sent).toContain('"route":"POST /api/account/code"');
    expect(sent).toContain('"release":"0.1.0"');
    expect(sent).toContain('"extra":{"phone":"******2345"}');
    expect(sent).not.toContain(phone);
    expect(sent).not.toContain(`${phone.slice(0, 5)} ${phone.slice(5)}`);
    expect(sent).not.toContain(code);
  });
});
