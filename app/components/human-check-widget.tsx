import { useEffect, useRef } from "react";

/**
 * The human-verification widget on the sign-in form (HUMAN_CHECK=turnstile or recaptcha):
 * Cloudflare Turnstile or Google reCAPTCHA v2, rendered explicitly. It hands its token up with
 * onToken (null when it expires) and is reset by bumping resetKey, as the spec asks after a
 * failed send. The scripts' origins are in the Content-Security-Policy only when a check is on.
 */

export interface HumanCheckConfig {
  kind: "turnstile" | "recaptcha";
  siteKey: string;
}

interface WidgetApi {
  render(element: HTMLElement, options: Record<string, unknown>): string | number | null | undefined;
  reset(id?: string | number): void;
  remove?(id: string | number): void;
}

const SCRIPTS = {
  turnstile: { src: "https://challenges.cloudflare.com/turnstile/v0/api.js", global: "turnstile" },
  recaptcha: { src: "https://www.google.com/recaptcha/api.js", global: "grecaptcha" },
} as const;

const READY_CALLBACK = "mandiHumanCheckReady";
let loading: Promise<WidgetApi> | null = null;

function widgetApi(kind: HumanCheckConfig["kind"]): WidgetApi | undefined {
  return (window as unknown as Record<string, WidgetApi | undefined>)[SCRIPTS[kind].global];
}

function loadScript(kind: HumanCheckConfig["kind"]): Promise<WidgetApi> {
  const ready = widgetApi(kind);
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<WidgetApi>((resolve, reject) => {
    const globals = window as unknown as Record<string, unknown>;
    globals[READY_CALLBACK] = () => {
      const api = widgetApi(kind);
      if (api) resolve(api);
      else reject(new Error("human check script loaded without its API"));
    };
    const script = document.createElement("script");
    script.src = `${SCRIPTS[kind].src}?render=explicit&onload=${READY_CALLBACK}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      reject(new Error("human check script did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

export function HumanCheckWidget({
  config,
  resetKey,
  onToken,
}: {
  config: HumanCheckConfig;
  resetKey: number;
  onToken: (token: string | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string | number } | null>(null);
  const tokenCallback = useRef(onToken);
  tokenCallback.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadScript(config.kind)
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: config.siteKey,
          callback: (token: string) => tokenCallback.current(token),
          "expired-callback": () => tokenCallback.current(null),
          "error-callback": () => tokenCallback.current(null),
        });
        if (id !== null && id !== undefined) widget.current = { api, id };
      })
      .catch(() => tokenCallback.current(null));
    return () => {
      cancelled = true;
      const current = widget.current;
      widget.current = null;
      if (current?.api.remove) current.api.remove(current.id);
    };
  }, [config.kind, config.siteKey]);

  useEffect(() => {
    if (resetKey === 0) return;
    const current = widget.current;
    if (current) current.api.reset(current.id);
    tokenCallback.current(null);
  }, [resetKey]);

  return <div ref={container} className="human-check" data-human-check={config.kind} />;
}
