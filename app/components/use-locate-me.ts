import { useState } from "react";
import {
  directoryReverseGeocoder,
  type LocateResult,
  locateMe,
  type ReverseGeocoder,
} from "../modules/location/saved-location";
import { useRouteLoaderData } from "../platform/navigation/navigation";
import type { loader as rootLoader } from "../root";

/**
 * 'Use current location' for any control: asks the browser, then names the place by Google when
 * the shop has a Maps key, else by the nearest pincode the store knows; keeps the outcome's message; the location itself is saved as sf:location.
 * The Maps code is fetched on the tap, while the browser asks the shopper's permission, rather
 * than with every page's header.
 */
export function useLocateMe() {
  const mapsKey = useRouteLoaderData<typeof rootLoader>("root")?.mapsKey ?? null;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const locate = async (): Promise<LocateResult> => {
    setBusy(true);
    setMessage(null);
    const maps = mapsKey ? import("../modules/location/google-maps") : null;
    maps?.catch(() => {}); // not fetched (offline): the geocoder fails and the coordinates are the label
    // Google's address where the shop has a key; else, or where Google names nothing, the
    // nearest pincode of the store's own directory.
    const geocoder: ReverseGeocoder = async (lat, lng) => {
      if (maps && mapsKey) {
        // Google's code not fetched (offline) or no answer: the directory still names the place.
        const address = await maps.then((m) => m.googleReverseGeocoder(mapsKey)(lat, lng)).catch(() => null);
        if (address) return address;
      }
      return directoryReverseGeocoder(lat, lng);
    };
    const result = await locateMe(typeof navigator === "undefined" ? undefined : navigator.geolocation, geocoder);
    setBusy(false);
    setMessage(result.ok ? (result.notice ?? `Location set: ${result.location.label}`) : result.message);
    return result;
  };
  return { locate, busy, message };
}
