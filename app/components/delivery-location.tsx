import { useSavedLocation } from "../modules/location/saved-location";
import { useLocateMe } from "./use-locate-me";

/**
 * The header's delivery location card: where the shopper said they are (sf:location), set
 * here or from checkout's 'Use current location'.
 */
export function DeliveryLocation() {
  const location = useSavedLocation();
  const { locate, busy, message } = useLocateMe();
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
