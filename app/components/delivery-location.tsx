import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { googleReverseGeocoder } from "../modules/location/google-maps";
import { locateMe, useSavedLocation } from "../modules/location/saved-location";
import type { loader as rootLoader } from "../root";

/**
 * The header's delivery location card: where the shopper said they are (sf:location), set
 * here or from checkout's 'Use current location'.
 */
export function DeliveryLocation() {
  const location = useSavedLocation();
  const mapsKey = useRouteLoaderData<typeof rootLoader>("root")?.mapsKey ?? null;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const locate = async () => {
    setBusy(true);
    const result = await locateMe(navigator.geolocation, mapsKey ? googleReverseGeocoder(mapsKey) : null);
    setBusy(false);
    setMessage(result.ok ? result.notice : result.message);
  };
  return (
    <div className="delivery-location">
      <button
        type="button"
        className="delivery-location__button"
        onClick={locate}
        disabled={busy}
        title={location?.label}
      >
        <span className="muted small">Deliver to</span>
        <span className="delivery-location__label">
          {busy ? "Finding you…" : (location?.label ?? "Set your location")}
        </span>
      </button>
      {message ? (
        <p className="delivery-location__message small" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
