import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/**
 * A request's body as a web stream that a route may stop reading without closing the
 * connection (issue 53). Readable.toWeb destroyed the request when a route cancelled its body
 * (a 413), and a socket closed with data still arriving is reset: the client, still sending,
 * saw the reset instead of the answer, and code reading the request's socket afterwards threw.
 * Here a cancel only lets go of the request; `settleBody` reads what is left before answering.
 */
/** How to let go of each request whose body a web stream reads, before its rest is dropped. */
const releases = new WeakMap<IncomingMessage, () => void>();

export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const stop = () => {
    done = true;
    req.pause();
  };
  releases.set(req, stop);
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        req.pause();
        req.on("data", (chunk: Buffer) => {
          if (done) return;
          controller?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller?.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (!done) controller?.close();
          done = true;
        });
        req.once("error", (error) => {
          if (!done) controller?.error(error);
          done = true;
        });
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** The most of an unread body read and dropped before an answer; beyond it the connection is closed. */
export const SETTLE_BYTES = 1024 * 1024;
const SETTLE_MS = 5_000;

/**
 * Reads and drops what is left of a request's body (up to SETTLE_BYTES, within 5 s), so that
 * the answer can be sent and read on a connection the client is done writing to. Resolves
 * true when the whole body has been read (the connection may be kept alive), false when the
 * client sent more or took too long (the answer then closes the connection).
 */
export function settleBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  // The route's stream (never read, or read in part) no longer takes what arrives.
  releases.get(req)?.();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (!whole) req.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > SETTLE_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), SETTLE_MS);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.resume();
  });
}

const LINGER_MS = 2_000;

/**
 * Closes a connection whose request body was left unread the way RFC 9112 (9.6) asks: the
 * answer is sent and the writing side shut, then what the client is still sending is read and
 * dropped for a moment before the socket closes. Closing at once with data unread makes the
 * kernel reset the connection, and a client still sending then sees the reset, not the 413.
 */
export function lingerBeforeClose(req: IncomingMessage): void {
  const socket = req.socket as (typeof req.socket & { destroySoon?: () => void }) | null;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("end", () => {
      clearTimeout(timer);
      socket.destroy();
    });
    socket.once("close", () => clearTimeout(timer));
    socket.end();
    // Data still arriving goes through the request, which now drops it.
    req.resume();
    socket.resume();
  };
}

/**
 * A request Node's parser cannot read (a method it does not know, such as FOO; a malformed
 * header) is answered rather than reset: Node's own answer closes at once, and a client still
 * sending its body then sees a reset instead of the 400. The answer is sent, the writing side
 * shut, and what still arrives is read and dropped for a moment, as lingerBeforeClose does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text] =
    error.code === "HPE_INVALID_METHOD"
      ? ["405 Method Not Allowed", "This store does not answer that method."]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? ["431 Request Header Fields Too Large", "The request's headers are too large."]
        : ["400 Bad Request", "Bad request: the request cannot be read."];
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.resume();
}
