import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerClientError } from "./request-body";

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  if (running) await new Promise((resolve) => running.close(resolve));
  server = undefined;
});

/** Sends raw bytes and reads all the server answers until it closes; a reset is an answer too, named. */
function exchange(port: number, head: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error: Error & { code?: string }) => resolve(`reset: ${error.code}`));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.write(head);
    socket.end(body);
  });
}

describe("a request Node cannot parse", () => {
  it("gets a 405 it can read, even while still sending a 70 kB body", async () => {
    server = createServer((_req, res) => res.end("routed"));
    server.on("clientError", answerClientError);
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const body = Buffer.alloc(70_000, "x");
    const answer = await exchange(port, `FOO / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`, body);
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("This store does not answer that method.");
  });
});
