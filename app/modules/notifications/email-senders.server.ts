import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "../../env.server";
import type { EmailContent } from "./email-texts";

/**
 * Sending email (issue 57), chosen by EMAIL_TRANSPORT:
 * - files (default): each message is written as an .eml file (with a .json summary the console
 *   lists) under DATA_DIR/email-outbox, and nothing leaves the machine;
 * - smtp: through SMTP_URL with nodemailer, from EMAIL_FROM.
 * Failures throw: the job is tried again later.
 */

export interface Email extends EmailContent {
  to: string;
  /** The sender's display name: the store's. */
  fromName: string;
  /** A key the message keeps (Message-ID), so a retry of the same job is recognisable. */
  reference: string;
  /** The store it is sent for: the console's Messages page lists each store's own. */
  storeId: string;
  /** Extra headers: List-Unsubscribe on anything not about an order. */
  headers?: Record<string, string>;
  /** Files sent with it: the tax invoice's PDF. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface EmailSender {
  readonly name: "files" | "smtp";
  send(email: Email): Promise<{ reference: string }>;
}

export interface FiledEmail {
  id: string;
  /** Absent in files written before stores were named. */
  storeId?: string;
  to: string;
  subject: string;
  headers?: Record<string, string>;
  /** The names of its attached files. */
  attachments?: string[];
  createdAt: string;
  html: string;
  text: string;
}

/** The folder of the development outbox's emails. */
export function emailOutboxFolder(dataDir: string): string {
  return path.join(dataDir, "email-outbox");
}

function message(email: Email, fromAddress: string) {
  return {
    from: { name: email.fromName, address: fromAddress },
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: `<${email.reference}@${fromAddress.split("@")[1] ?? "mandi.local"}>`,
    ...(email.headers ? { headers: email.headers } : {}),
    ...(email.attachments ? { attachments: email.attachments } : {}),
  };
}

export class FileEmail implements EmailSender {
  readonly name = "files";
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  constructor(
    private readonly folder: string,
    private readonly fromAddress: string,
  ) {}

  async send(email: Email): Promise<{ reference: string }> {
    const info = await this.transport.sendMail(message(email, this.fromAddress));
    const raw = (info as unknown as { message: Buffer }).message;
    await mkdir(this.folder, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
    const summary: FiledEmail = {
      id,
      storeId: email.storeId,
      to: email.to,
      subject: email.subject,
      ...(email.headers ? { headers: email.headers } : {}),
      ...(email.attachments ? { attachments: email.attachments.map((file) => file.filename) } : {}),
      createdAt: new Date().toISOString(),
      html: email.html,
      text: email.text,
    };
    await writeFile(path.join(this.folder, `${id}.eml`), raw);
    await writeFile(path.join(this.folder, `${id}.json`), JSON.stringify(summary));
    return { reference: id };
  }
}

export class SmtpEmail implements EmailSender {
  readonly name = "smtp";
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly fromAddress: string,
  ) {
    this.transport = nodemailer.createTransport(url, {});
  }

  async send(email: Email): Promise<{ reference: string }> {
    const info = await this.transport.sendMail(message(email, this.fromAddress));
    return { reference: info.messageId };
  }
}

/** The development outbox's emails, newest first, for the console. */
export async function filedEmails(folder: string, limit = 50): Promise<FiledEmail[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort().reverse();
  const emails: FiledEmail[] = [];
  for (const name of names.slice(0, limit)) {
    try {
      emails.push(JSON.parse(await readFile(path.join(folder, name), "utf8")) as FiledEmail);
    } catch {
      // A file being written, or not ours: skipped.
    }
  }
  return emails;
}

export function emailSender(env: Env): EmailSender | null {
  if (env.EMAIL_TRANSPORT === "off") return null;
  if (env.EMAIL_TRANSPORT === "smtp") return new SmtpEmail(env.SMTP_URL ?? "", env.EMAIL_FROM);
  return new FileEmail(emailOutboxFolder(env.DATA_DIR), env.EMAIL_FROM);
}
