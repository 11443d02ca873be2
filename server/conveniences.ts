import type { Env } from "../app/env.server";

/**
 * What a start-up says of the test conveniences that are on and who can reach them (issue 53),
 * so nobody runs a store on the network without knowing: one line each, none when all are off.
 */
export function testConveniences(
  env: Pick<Env, "SMS_PROVIDER" | "PAYMENT_GATEWAY" | "HOST" | "EMAIL_TRANSPORT">,
): string[] {
  const network =
    env.HOST === "127.0.0.1" || env.HOST === "::1" || env.HOST === "localhost"
      ? "only this machine"
      : `anyone who can reach ${env.HOST}`;
  const lines: string[] = [];
  if (env.SMS_PROVIDER === "outbox") {
    lines.push(
      "Test convenience on: SMS_PROVIDER=outbox sends no SMS; codes are kept and readable at /api/dev/sms-outbox from this machine only (not through a proxy). Set SMS_PROVIDER=msg91 or twilio for a real store.",
    );
  }
  if (env.EMAIL_TRANSPORT === "files") {
    lines.push(
      "Test convenience on: EMAIL_TRANSPORT=files sends no email; order emails are written under DATA_DIR/email-outbox and shown on the console's Messages page. Set EMAIL_TRANSPORT=smtp with SMTP_URL for a real store.",
    );
  }
  if (env.PAYMENT_GATEWAY === "sandbox") {
    lines.push(
      `Test convenience on: PAYMENT_GATEWAY=sandbox takes no money: ${network} can place an order and "pay" it on the sandbox's page (which answers only the browser that placed the order); its refunds answer this machine only. Set PAYMENT_GATEWAY=juspay or none for a real store.`,
    );
  }
  return lines;
}
