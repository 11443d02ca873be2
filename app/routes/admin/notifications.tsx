import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { ActionMessage } from "../../components/console/action-message";
import { when } from "../../components/console/order-records";
import {
  lastTestDelivery,
  notificationsFormSchema,
  readNotifications,
  replaceWebhookSecret,
  saveNotifications,
  sendTestDelivery,
} from "../../modules/console/notifications.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { QUOTED_SMS } from "../../modules/notifications/quote-texts";
import { readTemplateIds } from "../../modules/notifications/sms-senders.server";
import { type MessageEvent, ORDER_EVENTS, SMS_TEMPLATES } from "../../modules/notifications/texts";
import { readTemplateNames, whatsAppTemplateText } from "../../modules/notifications/whatsapp.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [
  { title: "Notifications · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

const SMS_NAMES = { outbox: "Development outbox (nothing leaves this machine)", msg91: "MSG91", twilio: "Twilio" };
const EMAIL_NAMES = {
  files: "Development files (written under the data folder, shown in Messages)",
  smtp: "SMTP server",
  off: "Off",
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const { env } = context;
  const [settings, lastTest] = await Promise.all([
    readNotifications(context.db, store.id),
    lastTestDelivery(context.db, store.id),
  ]);
  const templateIds = readTemplateIds(env.SMS_ORDER_TEMPLATE_IDS);
  const templateNames = readTemplateNames(env.WHATSAPP_TEMPLATES);
  return {
    csrf: context.csrf,
    settings,
    lastTest,
    channels: {
      sms: SMS_NAMES[env.SMS_PROVIDER],
      email: EMAIL_NAMES[env.EMAIL_TRANSPORT],
      whatsapp: Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID),
    },
    // What an operator registers: each event's DLT text and id, and its WhatsApp template.
    templates: ORDER_EVENTS.map(
      (event): { event: MessageEvent; sms: string; smsId: string | null; whatsappName: string; whatsapp: string } => ({
        event,
        sms: SMS_TEMPLATES[event].text,
        smsId: templateIds[event] ?? null,
        whatsappName: templateNames[event] ?? `mandi_order_${event}`,
        whatsapp: whatsAppTemplateText(SMS_TEMPLATES[event].text),
      }),
    ).concat({
      // A quote's answer (issue 59) goes by SMS and email; WhatsApp carries order updates only.
      event: "quoted",
      sms: QUOTED_SMS.text,
      smsId: templateIds.quoted ?? null,
      whatsappName: "",
      whatsapp: "",
    }),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  notificationsFormSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.enum(["new-secret", "test"]) }),
]);

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = actionSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data({ error: issue?.message ?? "Check the form.", field: String(issue?.path[0] ?? "") }, { status: 422 });
  }
  const actor = { member, ip: context.clientIp };
  const input = parsed.data;
  if (input.intent === "save") {
    await saveNotifications(context.db, actor, input);
    return { notice: "Saved. New orders are told as these settings say from now on." };
  }
  const settings = await readNotifications(context.db, member.storeId);
  if (!settings.webhookUrl) return data({ error: "Set a webhook address first." }, { status: 422 });
  if (input.intent === "new-secret") {
    await replaceWebhookSecret(context.db, actor);
    return { notice: "A new secret is made. Put it in your tool: deliveries are signed with it from now on." };
  }
  await sendTestDelivery(context.db, member.storeId);
  return { notice: "A test delivery is on its way. Reload in a moment to see how it went." };
}

const TEST_STATES = {
  queued: "waiting to be sent",
  running: "being sent",
  done: "delivered",
  dead: "failed",
  discarded: "discarded",
} as const;

/**
 * /admin/notifications (owners): how customers are told (the channels the installation's
 * settings choose, and the templates to register with DLT and Meta), and how the shop is told
 * (its order address and its signed webhook).
 */
export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, settings, lastTest, channels, templates } = loaderData;
  const busy = useNavigation().state !== "idle";
  const field = actionData && "field" in actionData ? actionData.field : "";
  return (
    <>
      <h1>Notifications</h1>
      <ActionMessage answer={actionData} />
      <section aria-labelledby="shop-heading">
        <h2 id="shop-heading">How the shop is told</h2>
        <p className="muted">
          Of every new order and every online payment given up: by email to the order address, and to your own tools by
          the webhook.
        </p>
        <Form method="post" className="console-step console-step--wide console-settings">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="save" />
          <label htmlFor="order-email">Order address</label>
          <input
            id="order-email"
            name="orderEmail"
            type="email"
            defaultValue={settings.orderEmail}
            placeholder="orders@yourshop.in"
            aria-invalid={field === "orderEmail" || undefined}
          />
          <label htmlFor="webhook-url">Webhook address (optional)</label>
          <input
            id="webhook-url"
            name="webhookUrl"
            type="url"
            defaultValue={settings.webhookUrl}
            placeholder="https://tools.yourshop.in/mandi"
            aria-invalid={field === "webhookUrl" || undefined}
            aria-describedby="webhook-help"
          />
          <p id="webhook-help" className="muted">
            Each event is posted as JSON and signed the Standard Webhooks way (webhook-id, webhook-timestamp and
            webhook-signature headers); a delivery that fails is tried again for about a day.
          </p>
          <button type="submit" className="button" disabled={busy}>
            Save
          </button>
        </Form>
        {settings.webhookUrl && settings.webhookSecret ? (
          <div className="console-step console-step--wide console-settings">
            <label htmlFor="webhook-secret">Signing secret</label>
            <input id="webhook-secret" readOnly value={settings.webhookSecret} className="console-link" />
            <div className="console-buttons">
              <Form method="post">
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <input type="hidden" name="intent" value="new-secret" />
                <button type="submit" className="button secondary" disabled={busy}>
                  Make a new secret
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <input type="hidden" name="intent" value="test" />
                <button type="submit" className="button secondary" disabled={busy}>
                  Send a test delivery
                </button>
              </Form>
            </div>
            {lastTest ? (
              <p>
                Last test, <time dateTime={lastTest.at}>{when.format(new Date(lastTest.at))}</time>:{" "}
                <strong>{TEST_STATES[lastTest.state]}</strong>
                {lastTest.error ? ` (${lastTest.error})` : ""}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
      <section aria-labelledby="customers-heading">
        <h2 id="customers-heading">How customers are told</h2>
        <p className="muted">
          Of each step of their orders: placed, confirmed, shipped, delivered, cancelled and refunded. These are the
          installation's settings (README, "Messages").
        </p>
        <dl className="console-facts">
          <dt>SMS</dt>
          <dd>{channels.sms}</dd>
          <dt>Email</dt>
          <dd>{channels.email}</dd>
          <dt>WhatsApp</dt>
          <dd>
            {channels.whatsapp
              ? "On, for customers who turn it on in their account"
              : "Not set up (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID)"}
          </dd>
        </dl>
        <details>
          <summary>Templates to register with DLT and with WhatsApp</summary>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="visually-hidden">Message templates by event</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">SMS (DLT)</th>
                  <th scope="col">WhatsApp</th>
                </tr>
              </thead>
              <tbody>
                {templates.map((template) => (
                  <tr key={template.event}>
                    <td data-label="Event">{template.event}</td>
                    <td data-label="SMS (DLT)">
                      {template.sms}
                      <br />
                      <span className="muted">
                        {template.smsId ? `Template id ${template.smsId}` : "No template id"}
                      </span>
                    </td>
                    <td data-label="WhatsApp">
                      {template.whatsappName ? (
                        <>
                          {template.whatsapp}
                          <br />
                          <span className="muted">Name {template.whatsappName}</span>
                        </>
                      ) : (
                        <span className="muted">Not sent on WhatsApp</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
    </>
  );
}
