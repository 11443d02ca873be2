import { type FormEvent, useState } from "react";
import { CSRF_FIELD, csrfHeaders, readCsrfCookie } from "../modules/security/csrf";
import { isNewsletterEmail, NEWSLETTER_MESSAGES } from "../modules/store/newsletter";
import { useSearchParams } from "../platform/navigation/navigation";
import { useHydrated } from "./ui/use-hydrated";

type Note = { kind: "ok" | "error"; text: string } | null;

const FROM_QUERY: Record<string, Note> = {
  subscribed: { kind: "ok", text: NEWSLETTER_MESSAGES.subscribed },
  invalid: { kind: "error", text: NEWSLETTER_MESSAGES.invalid },
  failed: { kind: "error", text: NEWSLETTER_MESSAGES.failed },
};

/**
 * The footer's newsletter signup. With scripts it posts JSON and answers in place; without,
 * the form posts to the same endpoint, which sends the shopper back with ?newsletter=.
 */
export function NewsletterForm({ csrf }: { csrf: string }) {
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(() => FROM_QUERY[params.get("newsletter") ?? ""] ?? null);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isNewsletterEmail(email)) {
      setNote({ kind: "error", text: NEWSLETTER_MESSAGES.invalid });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...csrfHeaders() },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (response.ok) {
        setNote({ kind: "ok", text: NEWSLETTER_MESSAGES.subscribed });
        setEmail("");
      } else setNote({ kind: "error", text: body.error ?? NEWSLETTER_MESSAGES.failed });
    } catch {
      setNote({ kind: "error", text: NEWSLETTER_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id="newsletter" className="newsletter" method="post" action="/api/newsletter" onSubmit={submit} noValidate>
      <label htmlFor="newsletter-email">Get offers and new arrivals</label>
      <input type="hidden" name={CSRF_FIELD} value={(hydrated ? readCsrfCookie(document.cookie) : null) ?? csrf} />
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={note?.kind === "error" ? true : undefined}
          aria-describedby={note ? "newsletter-note" : undefined}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Subscribe
        </button>
      </div>
      <p id="newsletter-note" className={note?.kind === "error" ? "field-error" : "note-ok"} role="status">
        {note?.text ?? ""}
      </p>
    </form>
  );
}
