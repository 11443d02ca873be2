import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpEmail } from "../../app/modules/notifications/email-senders.server";
import { orderEmail } from "../../app/modules/notifications/email-texts";
import { newsletterConfirmationEmail } from "../../app/modules/notifications/newsletter-texts";
import type { OrderFacts } from "../../app/modules/notifications/texts";

/** Order emails through nodemailer to a real SMTP server (smtp-server) in the test. */

const facts: OrderFacts = {
  storeName: "Annapurna",
  orderNumber: "261205ABCD1234",
  grandTotal: 250_000,
  paymentMethod: "COD",
  courier: "Delhivery",
  trackingNumber: "DL1",
  refundAmount: null,
  link: "annapurna.example/account",
};
const look = { logoUrl: "", primaryColor: "#1a7f37", accountUrl: "https://annapurna.example/account" };

describe("SMTP", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let refuse = false;
  let server: SMTPServer;
  let url = "";
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on("end", () => {
          if (refuse) return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((to) => to.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the order email with its text and HTML, from the store's name", async () => {
    const sender = new SmtpEmail(url, "orders@annapurna.example");
    const content = orderEmail("shipped", facts, look);
    await sender.send({ ...content, to: "chef@hotel.in", storeId: "s", fromName: "Annapurna", reference: "job-1" });
    const [mail] = received;
    expect(mail?.from).toBe("orders@annapurna.example");
    expect(mail?.to).toEqual(["chef@hotel.in"]);
    expect(mail?.raw).toContain("From: Annapurna <orders@annapurna.example>");
    // The subject's "·" makes it an encoded word: "=?UTF-8?Q?Your_order_261205ABCD1234_is_on_its_way...".
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Your_order_261205ABCD1234_is_on_its_way/m);
    expect(mail?.raw).toContain("Message-ID: <job-1@annapurna.example>");
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toContain("Content-Type: text/plain");
    expect(mail?.raw).toContain("Content-Type: text/html");
    // Transactional: no unsubscribe header.
    expect(mail?.raw).not.toMatch(/List-Unsubscribe/i);
  });

  it("throws when the server refuses, so the job is tried again", async () => {
    refuse = true;
    const sender = new SmtpEmail(url, "orders@annapurna.example");
    await expect(
      sender.send({
        ...orderEmail("placed", facts, look),
        to: "chef@hotel.in",
        storeId: "s",
        fromName: "A",
        reference: "job-2",
      }),
    ).rejects.toThrow(/Mailbox busy/);
    refuse = false;
  });

  it("carries one-click unsubscribe on the newsletter's email", async () => {
    const sender = new SmtpEmail(url, "news@annapurna.example");
    const content = newsletterConfirmationEmail(
      "Annapurna",
      {
        confirmUrl: "https://annapurna.example/newsletter/confirm?token=t1",
        unsubscribeUrl: "https://annapurna.example/newsletter/unsubscribe?token=t1",
      },
      "#1a7f37",
    );
    await sender.send({ ...content, to: "cook@hotel.in", storeId: "s", fromName: "Annapurna", reference: "job-3" });
    const mail = received.at(-1);
    expect(mail?.to).toEqual(["cook@hotel.in"]);
    // Long headers are folded onto a second line.
    expect(mail?.raw).toMatch(/List-Unsubscribe:\s+<https:\/\/annapurna\.example\/newsletter\/unsubscribe\?token=t1>/);
    expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});

describe("order emails", () => {
  it("renders every event with the order number, in text and HTML", () => {
    for (const event of ["placed", "confirmed", "shipped", "delivered", "cancelled", "refunded"] as const) {
      const email = orderEmail(event, { ...facts, refundAmount: 120_00 }, look);
      expect(email.subject).toContain("261205ABCD1234");
      expect(email.subject.endsWith(" · Annapurna")).toBe(true);
      expect(email.text).toContain("261205ABCD1234");
      expect(email.text).toContain("See your orders: https://annapurna.example/account");
      expect(email.html).toContain("261205ABCD1234");
      expect(email.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    }
    expect(orderEmail("refunded", { ...facts, refundAmount: 120_00 }, look).subject).toBe(
      "₹120 refunded for your order 261205ABCD1234 · Annapurna",
    );
    expect(orderEmail("placed", facts, look).text).toBe(
      [
        "Thank you for your order",
        "",
        "Your order 261205ABCD1234 of ₹2,500 is placed, to be paid in cash on delivery.",
        "We will tell you when it is confirmed.",
        "",
        "See your orders: https://annapurna.example/account",
        "",
        "Annapurna",
        "This email is about an order you placed.",
      ].join("\n"),
    );
  });

  it("escapes every value in the HTML and keeps a colour only when it is one", () => {
    const email = orderEmail(
      "shipped",
      { ...facts, storeName: `Tom & Jerry's <script>`, courier: `"><img src=x onerror=alert(1)>` },
      { ...look, primaryColor: "red;background:url(x)", logoUrl: "javascript:alert(1)" },
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("Tom &amp; Jerry&#39;s &lt;script&gt;");
    expect(email.html).toContain("#1a7f37");
    expect(email.html).not.toContain("javascript:");
    expect(email.html).not.toContain("red;background");
  });
});
