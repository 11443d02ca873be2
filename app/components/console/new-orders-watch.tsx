import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

const SOUND_KEY = "mandi:console:sound";
const EVERY_MS = 10_000;
const HIDDEN_EVERY_MS = 30_000;

/** A short two-note chime made on the spot: no audio file to load, nothing played before staff ask for sound. */
function chime() {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  [880, 1320].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, audio.currentTime + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.16);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + i * 0.18);
    tone.stop(audio.currentTime + i * 0.18 + 0.17);
  });
  setTimeout(() => void audio.close(), 600);
}

/**
 * New orders on the desk without a reload (issue 54): asks the server every 10 seconds (30 when
 * the tab is hidden) how many orders matching the page's filters came after the newest it shows,
 * puts the count in the tab's title, and offers to show them. Sound is off until staff turn it on
 * here (browsers play nothing before a click anyway); the choice stays in this browser.
 */
export function NewOrdersWatch({ since, query, title }: { since: string | null; query: string; title: string }) {
  const [count, setCount] = useState(0);
  const [sound, setSound] = useState(false);
  const heard = useRef(0);
  const revalidator = useRevalidator();

  useEffect(() => setSound(localStorage.getItem(SOUND_KEY) === "on"), []);

  useEffect(() => {
    setCount(0);
    heard.current = 0;
    if (!since) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const params = new URLSearchParams(query);
        params.set("since", since);
        const answer = await fetch(`/admin/orders/new?${params}`, { headers: { Accept: "application/json" } });
        if (!answer.ok || !answer.headers.get("content-type")?.includes("json")) return; // signed out: stop asking
        const { count: found } = (await answer.json()) as { count: number };
        if (stopped) return;
        setCount(found);
        if (found > heard.current && localStorage.getItem(SOUND_KEY) === "on") chime();
        heard.current = found;
      } catch {
        // Offline for a moment: ask again next time.
      }
      if (!stopped) timer = setTimeout(ask, document.hidden ? HIDDEN_EVERY_MS : EVERY_MS);
    };
    timer = setTimeout(ask, EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [since, query]);

  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${title}` : title;
  }, [count, title]);

  return (
    <div className="console-live">
      <p role="status" aria-live="polite" className={count > 0 ? "alert alert--info" : "visually-hidden"}>
        {count > 0 ? (
          <>
            {count === 1 ? "1 new order" : `${count >= 100 ? "100+" : count} new orders`}.{" "}
            <button type="button" className="text-button" onClick={() => revalidator.revalidate()}>
              Show new orders
            </button>
          </>
        ) : (
          "No new orders since the page loaded."
        )}
      </p>
      <label className="console-check">
        <input
          type="checkbox"
          checked={sound}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            localStorage.setItem(SOUND_KEY, on ? "on" : "off");
            setSound(on);
            if (on) chime();
          }}
        />{" "}
        Sound for new orders
      </label>
    </div>
  );
}
