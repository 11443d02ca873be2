import path from "node:path";
import { z } from "zod";
import { orderRulesSchema } from "./modules/store/settings";

/**
 * Configuration is read from the environment once, validated here, and handed to
 * whoever needs it. A bad value stops start-up with one line naming the variable.
 */

const port = z.coerce.number().int().min(0).max(65535);
const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /**
   * The embedded database's scheduled backups into DATA_DIR/backups (issue 61): every so many
   * hours (0: none; the first one interval after the first start), keeping the newest so many.
   */
  BACKUP_EVERY_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** Processes serving the port (node:cluster); above 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SEED_DEMO: flag.default(true),
  /**
   * The demo store's order rules when it is created (JSON, e.g. {"ordersPerIpPerHour":0}): for
   * tests and benchmarks that place many orders from one address. A running store is changed
   * with `npm run store -- set` instead.
   */
  DEMO_ORDER_RULES: optionalText.pipe(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "must be JSON" });
          return z.NEVER;
        }
      })
      .pipe(orderRulesSchema.partial().strict())
      .optional(),
  ),
  /** Memory for pages kept for shoppers who are not signed in (server/page-cache.ts); 0 caches none. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Memory for parts of pages cached by what they show (ADR 0028, ADR 0030); 0 caches none. */
  PART_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(48),
  /**
   * Who runs this installation, for businesses that want a store on it (/create-store): a name,
   * an email address and a phone number, each optional.
   */
  OPERATOR_NAME: optionalText.pipe(z.string().max(120).optional()),
  OPERATOR_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  OPERATOR_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^\+?[\d\s-]{10,16}$/, "must be a phone number, like +91 98200 12345")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Prometheus metrics (issue 61). With METRICS_TOKEN, GET /metrics on the store's port answers
   * a scraper that sends it as a bearer token; without one, only this machine itself. With
   * METRICS_PORT, they are served on a port of their own as well, at METRICS_HOST (this machine
   * only unless told), where several processes' figures are added up.
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(24, "must be at least 24 characters").optional()),
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Errors reported to Sentry or a service that takes its events (issue 61); none without a DSN. */
  SENTRY_DSN: optionalText.pipe(z.url("must be a Sentry DSN, like https://key@o1.ingest.sentry.io/2").optional()),
  SENTRY_ENVIRONMENT: optionalText.pipe(z.string().max(64).optional()),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: flag.default(false),
  /** Signs anti-forgery tokens; without it a key made at the first start is kept in the database. */
  APP_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PAYMENT_GATEWAY: z.enum(["sandbox", "juspay", "none"]).default("sandbox"),
  PAYMENT_ABANDON_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  PAYMENT_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Jobs each process runs at once (ADR 0059); 0: this process runs none and only serves. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(100).default(8),
  JUSPAY_BASE_URL: z.url().default("https://smartgateway.hdfcuat.bank.in"),
  JUSPAY_MERCHANT_ID: optionalText,
  JUSPAY_API_KEY: optionalText,
  JUSPAY_PAYMENT_PAGE_CLIENT_ID: optionalText,
  JUSPAY_RESPONSE_KEY: optionalText,
  JUSPAY_WEBHOOK_USERNAME: optionalText,
  JUSPAY_WEBHOOK_PASSWORD: optionalText,
  SMS_PROVIDER: z.enum(["outbox", "msg91", "twilio"]).default("outbox"),
  MSG91_BASE_URL: z.url().default("https://control.msg91.com"),
  MSG91_AUTH_KEY: optionalText,
  MSG91_TEMPLATE_ID: optionalText,
  TWILIO_VERIFY_BASE_URL: z.url().default("https://verify.twilio.com"),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_VERIFY_SERVICE_SID: optionalText,
  /** DLT template ids of the order messages for MSG91: "placed=..., confirmed=..., shipped=..." (issue 57). */
  SMS_ORDER_TEMPLATE_IDS: optionalText.pipe(
    z
      .string()
      .regex(
        /^\s*(placed|confirmed|shipped|delivered|cancelled|refunded|invoiced)\s*=\s*[\w-]+\s*(,\s*(placed|confirmed|shipped|delivered|cancelled|refunded|invoiced)\s*=\s*[\w-]+\s*)*$/,
        'must be "event=template id" pairs separated by commas; events: placed, confirmed, shipped, delivered, cancelled, refunded, invoiced',
      )
      .optional(),
  ),
  /** How order emails go (issue 57): files under DATA_DIR/email-outbox (development), smtp, or off. */
  EMAIL_TRANSPORT: z.enum(["files", "smtp", "off"]).default("files"),
  /** smtp://user:password@host:587 or smtps://...:465 (nodemailer's connection URL). */
  SMTP_URL: optionalText.pipe(z.url().optional()),
  EMAIL_FROM: z.email().default("orders@mandi.local"),
  TWILIO_API_BASE_URL: z.url().default("https://api.twilio.com"),
  /** The Twilio messaging service that sends order messages (its sender and DLT registration). */
  TWILIO_MESSAGING_SERVICE_SID: optionalText,
  /** WhatsApp Business Cloud API (issue 57): order messages on WhatsApp to customers who turned it on. */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_API_BASE_URL: z.url().default("https://graph.facebook.com/v23.0"),
  /** Template names by event, "placed=order_placed, shipped=..."; "mandi_order_<event>" when unnamed. */
  WHATSAPP_TEMPLATES: optionalText,
  /** The templates' language code as registered with Meta. */
  WHATSAPP_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code like en or en_US")
    .default("en"),
  HUMAN_CHECK: z.enum(["off", "turnstile", "recaptcha"]).default("off"),
  HUMAN_CHECK_SITE_KEY: optionalText,
  HUMAN_CHECK_SECRET: optionalText,
  /** Overrides the provider's siteverify address (tests, proxies). */
  HUMAN_CHECK_VERIFY_URL: optionalText.pipe(z.url().optional()),
  GOOGLE_MAPS_API_KEY: optionalText,
  /**
   * Where uploaded photos' bytes are kept (issue 56, ADR 0066): in the database (the default,
   * shared by every process and in every backup), or in S3-compatible object storage (AWS S3,
   * MinIO, Cloudflare R2) for a shop whose photos outgrow its database.
   */
  MEDIA_STORAGE: z.enum(["database", "s3"]).default("database"),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** The service's address for MinIO, R2 and the like; unset for AWS S3 itself. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path, not the host name: what MinIO needs. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Put before every object's name, e.g. "mandi/" to share a bucket. */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/, "must be empty or folder names ending in /, like mandi/")
    .default(""),
});

export type Env = z.output<typeof envSchema>;

/** Variables that must be set together when an adapter is chosen. */
const requiredWhen: Array<[(env: Env) => boolean, Array<keyof Env>, string]> = [
  [
    (e) => e.PAYMENT_GATEWAY === "juspay",
    [
      "JUSPAY_MERCHANT_ID",
      "JUSPAY_API_KEY",
      "JUSPAY_PAYMENT_PAGE_CLIENT_ID",
      "JUSPAY_WEBHOOK_USERNAME",
      "JUSPAY_WEBHOOK_PASSWORD",
    ],
    "PAYMENT_GATEWAY=juspay",
  ],
  [(e) => e.SMS_PROVIDER === "msg91", ["MSG91_AUTH_KEY", "MSG91_TEMPLATE_ID"], "SMS_PROVIDER=msg91"],
  [(e) => e.EMAIL_TRANSPORT === "smtp", ["SMTP_URL"], "EMAIL_TRANSPORT=smtp"],
  [
    (e) => Boolean(e.WHATSAPP_TOKEN || e.WHATSAPP_PHONE_NUMBER_ID),
    ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"],
    "the other WhatsApp setting is",
  ],
  [
    (e) => e.SMS_PROVIDER === "twilio",
    ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID"],
    "SMS_PROVIDER=twilio",
  ],
  [(e) => e.MEDIA_STORAGE === "s3", ["S3_BUCKET"], "MEDIA_STORAGE=s3"],
  [
    (e) => Boolean(e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY),
    ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
    "the other S3 key setting is",
  ],
  [
    (e) => e.HUMAN_CHECK !== "off",
    ["HUMAN_CHECK_SITE_KEY", "HUMAN_CHECK_SECRET"],
    "HUMAN_CHECK=turnstile or recaptcha",
  ],
];

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment; throws a ConfigError whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // KEPT_PARTS_MB was PART_CACHE_MB's name until December 2026; an installation that set it keeps its setting.
  const renamed = source.PART_CACHE_MB === undefined && source.KEPT_PARTS_MB !== undefined;
  const result = envSchema.safeParse(renamed ? { ...source, PART_CACHE_MB: source.KEPT_PARTS_MB } : source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") || "environment";
    const value = source[name];
    const shown = value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${shown}`);
  }
  const env = result.data;
  for (const [applies, names, because] of requiredWhen) {
    if (!applies(env)) continue;
    const missing = names.filter((n) => env[n] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(", ")} must be set when ${because}`);
    }
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database belongs to one process)",
    );
  }
  if (env.NODE_ENV === "production" && env.PAYMENT_GATEWAY === "sandbox" && env.PUBLIC_URL) {
    // Anyone can "pay" on the sandbox's page: never on a store that shoppers reach.
    throw new ConfigError(
      "Invalid configuration: PAYMENT_GATEWAY must be juspay or none when PUBLIC_URL is set (the sandbox is a test gateway)",
    );
  }
  if (env.NODE_ENV === "production" && env.SMS_PROVIDER === "outbox" && env.PUBLIC_URL) {
    // The outbox keeps codes readable in the database: fine on a developer's machine,
    // never on a public store. A PUBLIC_URL marks a deployment that shoppers reach.
    throw new ConfigError(
      "Invalid configuration: SMS_PROVIDER must be msg91 or twilio when PUBLIC_URL is set (the outbox is for development)",
    );
  }
  return { ...env, DATA_DIR: path.resolve(env.DATA_DIR) };
}
