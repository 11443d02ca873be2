import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root";
import { googleReverseGeocoder } from "./google-maps";
import { type LocateResult, locateMe } from "./saved-location";

/**
 * 'Use current location' for any control: asks the browser (and Google, when the shop has a
 * Maps key) and keeps the outcome's message; the location itself is saved as sf:location.
 */
export function useLocateMe() {
  const mapsKey = useRouteLoaderData<typeof rootLoader>("root")?.mapsKey ?? null;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const locate = async (): Promise<LocateResult> => {
    setBusy(true);
    setMessage(null);
    const result = await locateMe(
      typeof navigator === "undefined" ? undefined : navigator.geolocation,
      mapsKey ? googleReverseGeocoder(mapsKey) : null,
    );
    setBusy(false);
    setMessage(result.ok ? (result.notice ?? `Location set: ${result.location.label}`) : result.message);
    return result;
  };
  return { locate, busy, message };
}
