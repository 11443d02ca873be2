import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { accountApi } from "../../modules/accounts/client";
import type { MessageChoices as Choices } from "../../modules/accounts/preferences.server";

/**
 * "Messages" on the account page (issue 57): what a customer is always told, and the two
 * things they choose: order updates on WhatsApp (when the store sends them) and the newsletter.
 */
export function MessageChoices({ choices, whatsapp }: { choices: Choices | null; whatsapp: boolean }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState(() => ({
    whatsapp: choices?.whatsapp ?? false,
    newsletter: choices ? choices.newsletter !== "off" : false,
  }));
  const [answer, setAnswer] = useState<{ error?: string; notice?: string }>({});
  const [busy, setBusy] = useState(false);
  if (!choices) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const saved = await accountApi<{ choices: Choices }>("/api/account/messages", "PUT", state);
    setBusy(false);
    if (!saved.ok) {
      setAnswer({ error: saved.error || "Something went wrong. Please try again." });
      return;
    }
    const now = saved.data.choices;
    setAnswer({
      notice:
        now.newsletter === "waiting"
          ? `Saved. To get the newsletter, follow the link we emailed to ${now.email}.`
          : "Saved.",
    });
    revalidator.revalidate();
  }

  return (
    <section className="panel" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages</h2>
      <p className="muted">
        We always tell you about your orders by SMS, and by email when you give one with the order. You can't turn those
        off.
      </p>
      <form onSubmit={save}>
        {whatsapp ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={state.whatsapp}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setState((s) => ({ ...s, whatsapp: checked }));
              }}
            />
            Order updates on WhatsApp too
          </label>
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.newsletter}
            disabled={!choices.email}
            aria-describedby="newsletter-help"
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setState((s) => ({ ...s, newsletter: checked }));
            }}
          />
          Offers and news by email
        </label>
        <p id="newsletter-help" className="muted small">
          {!choices.email
            ? "Add your email to your profile to get the newsletter."
            : choices.newsletter === "waiting"
              ? `Waiting for you to confirm: follow the link we emailed to ${choices.email}.`
              : `To ${choices.email}. Every newsletter has a link to stop it.`}
        </p>
        {answer.error ? (
          <p className="alert alert--error" role="alert">
            {answer.error}
          </p>
        ) : answer.notice ? (
          <p className="alert alert--success" role="status">
            {answer.notice}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            Save message choices
          </button>
        </div>
      </form>
    </section>
  );
}
