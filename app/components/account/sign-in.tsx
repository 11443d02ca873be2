import { type FormEvent, useEffect, useRef, useState } from "react";
import { accountApi } from "../../modules/accounts/client";
import {
  ACCOUNT_MESSAGES,
  OTP_LENGTH,
  OTP_MIN_ACCEPTED,
  PHONE_PREFIX,
  phoneFieldValue,
} from "../../modules/accounts/schema";
import { type HumanCheckConfig, HumanCheckWidget } from "../human-check-widget";
export function SignIn({ humanCheck, onSignedIn }: { humanCheck: HumanCheckConfig | null; onSignedIn: () => void }) {
  const [stage, setStage] = useState<"phone" | "otp">("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [humanReset, setHumanReset] = useState(0);
  const [resendAt, setResendAt] = useState(0);
  const now = useNow(stage === "otp" && resendAt > Date.now());
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (stage === "otp") codeInput.current?.focus();
  }, [stage]);

  async function requestCode(): Promise<boolean> {
    setError(null);
    if (!/^\d{10}$/.test(phone)) {
      setError(ACCOUNT_MESSAGES.phone);
      return false;
    }
    if (humanCheck && !humanToken) {
      setError(ACCOUNT_MESSAGES.humanCheck);
      return false;
    }
    setBusy(true);
    const sent = await accountApi<{ resendAfterSeconds: number }>("/api/account/code", "POST", {
      phone,
      ...(humanToken ? { humanToken } : {}),
    });
    setBusy(false);
    // A verification token is good for one send, whatever its outcome.
    if (humanCheck) setHumanReset((n) => n + 1);
    if (!sent.ok) {
      setError(sent.error || ACCOUNT_MESSAGES.sendFailed);
      return false;
    }
    setResendAt(Date.now() + sent.data.resendAfterSeconds * 1000);
    return true;
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (await requestCode()) {
      setCode("");
      setStage("otp");
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (code.trim().length < OTP_MIN_ACCEPTED) {
      setError(ACCOUNT_MESSAGES.code);
      return;
    }
    setBusy(true);
    const result = await accountApi("/api/account/session", "POST", { phone, code: code.trim() });
    setBusy(false);
    if (!result.ok) {
      setError(result.error || ACCOUNT_MESSAGES.invalidCode);
      return;
    }
    onSignedIn();
  }

  const errorLine = error ? (
    <p className="field-error" id="account-error" role="alert">
      {error}
    </p>
  ) : null;
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));

  return (
    <section className="account narrow">
      <h1>My Account</h1>
      <div className="panel">
        {stage === "phone" ? (
          <form id="account-phone-form" onSubmit={sendCode} noValidate>
            <h2>Sign in with your phone</h2>
            <p className="muted">We'll send a one-time code by SMS.</p>
            <div className="field">
              <label htmlFor="account-phone">Mobile number</label>
              <div className="input-prefix">
                <span aria-hidden="true">{PHONE_PREFIX}</span>
                <input
                  id="account-phone"
                  name="phone"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={10}
                  value={phone}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "account-error" : undefined}
                  onChange={(e) => setPhone(phoneFieldValue(e.currentTarget.value))}
                />
              </div>
            </div>
          </form>
        ) : (
          <form id="account-code-form" onSubmit={verify} noValidate>
            <h2>Enter your code</h2>
            <p className="muted">
              Sent to {PHONE_PREFIX} {phone}. It is valid for 10 minutes.
            </p>
            <div className="field">
              <label htmlFor="account-code">One-time code</label>
              <input
                ref={codeInput}
                id="account-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                value={code}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "account-error" : undefined}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, OTP_LENGTH))}
              />
            </div>
          </form>
        )}
        {/* One widget for both stages: a resend needs a fresh token too. */}
        {humanCheck ? <HumanCheckWidget config={humanCheck} resetKey={humanReset} onToken={setHumanToken} /> : null}
        {errorLine}
        {stage === "phone" ? (
          <button type="submit" form="account-phone-form" className="button" disabled={busy}>
            Send OTP
          </button>
        ) : (
          <div className="actions">
            <button type="submit" form="account-code-form" className="button" disabled={busy}>
              Verify &amp; Sign In
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy || resendIn > 0}
              onClick={async () => {
                if (await requestCode()) setCode("");
              }}
            >
              {resendIn > 0 ? `Resend OTP in ${resendIn}s` : "Resend OTP"}
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setStage("phone");
                setCode("");
                setError(null);
              }}
            >
              Change phone
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** The current time, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
