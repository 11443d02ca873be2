import { when } from "../../components/console/order-records";
import { storeOutboxMessages } from "../../modules/accounts/sms.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { emailOutboxFolder, filedEmails } from "../../modules/notifications/email-senders.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, ["owner"]);
  const provider = context.env.SMS_PROVIDER;
  const store = requireStore(context);
  const rows = provider === "outbox" ? await storeOutboxMessages(context.db, store.id) : [];
  // Filed emails are the installation's: each store's owner sees those sent in its name.
  const emails =
    context.env.EMAIL_TRANSPORT === "files"
      ? (await filedEmails(emailOutboxFolder(context.env.DATA_DIR))).filter((email) =>
          email.storeId ? email.storeId === store.id : email.subject.endsWith(` · ${store.title}`),
        )
      : [];
  return {
    provider,
    emailTransport: context.env.EMAIL_TRANSPORT,
    messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    emails: emails.map(({ id, to, subject, createdAt, text }) => ({ id, to, subject, createdAt, text })),
  };
}

/**
 * /admin/messages (owners): with the development SMS outbox, the messages the store "sent" in
 * the last day (codes and order messages), as the phones would have shown them; with email
 * written to files, the emails, each with its text.
 */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { provider, emailTransport, messages, emails } = loaderData;
  return (
    <>
      <h1>Messages</h1>
      <h2>SMS</h2>
      {provider !== "outbox" ? (
        <p className="muted">
          SMS go through {provider === "msg91" ? "MSG91" : "Twilio"}; its dashboard shows what each phone received. Each
          order's history here says which messages were sent.
        </p>
      ) : (
        <>
          <p className="muted">
            Development outbox: no SMS leaves this machine. These are the messages of the last day, newest first.
          </p>
          {messages.length === 0 ? (
            <p className="muted">No message yet.</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table">
                <caption className="visually-hidden">Messages in the outbox, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Message</th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((message) => (
                    <tr key={message.id}>
                      <td data-label="When">
                        <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
                      </td>
                      <td data-label="Phone">+91 {message.phone}</td>
                      <td data-label="Message">{message.body}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <h2>Email</h2>
      {emailTransport !== "files" ? (
        <p className="muted">
          {emailTransport === "smtp"
            ? "Email goes through the SMTP server (SMTP_URL); each order's history says which emails were sent."
            : "Email is off (EMAIL_TRANSPORT=off)."}
        </p>
      ) : emails.length === 0 ? (
        <p className="muted">No email yet. Emails are written as .eml files under the data folder's email-outbox.</p>
      ) : (
        <ul className="console-emails">
          {emails.map((email) => (
            <li key={email.id}>
              <details>
                <summary>
                  <time dateTime={email.createdAt}>{when.format(new Date(email.createdAt))}</time> to {email.to}:{" "}
                  <strong>{email.subject}</strong>
                </summary>
                <pre>{email.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
