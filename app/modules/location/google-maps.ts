/**
 * Google Maps (places library) for address search and reverse geocoding, loaded only when the
 * shop has configured a browser key. Without one, checkout relies on the offline pincode
 * directory. The loader retries 3 times with a growing delay (spec section 7).
 */

export const MAPS_LOAD_ATTEMPTS = 3;
export const MAPS_RETRY_BASE_MS = 500;

/** Runs load up to `attempts` times, waiting base, 2 x base, ... between tries. */
export async function withRetries<T>(
  load: () => Promise<T>,
  attempts = MAPS_LOAD_ATTEMPTS,
  baseDelayMs = MAPS_RETRY_BASE_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await sleep(baseDelayMs * attempt);
    }
  }
  throw lastError;
}

interface PlaceResult {
  formatted_address?: string;
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
}

interface GoogleMaps {
  maps: {
    places: {
      Autocomplete: new (
        input: HTMLInputElement,
        options: { componentRestrictions: { country: string }; fields: string[]; types?: string[] },
      ) => { addListener(event: string, fn: () => void): void; getPlace(): PlaceResult };
    };
    Geocoder: new () => {
      geocode(
        request: { location: { lat: number; lng: number } },
        callback: (results: PlaceResult[] | null, status: string) => void,
      ): void;
    };
  };
}

let loading: Promise<GoogleMaps> | null = null;

function injectScript(key: string, nonce: string | undefined): Promise<GoogleMaps> {
  return new Promise((resolve, reject) => {
    const callback = `__mandiMaps${Date.now()}`;
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement("script");
    const cleanup = () => {
      delete w[callback];
    };
    w[callback] = () => {
      cleanup();
      resolve(w.google as GoogleMaps);
    };
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places&region=IN&loading=async&callback=${callback}`;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      cleanup();
      script.remove();
      reject(new Error("Google Maps failed to load"));
    };
    document.head.append(script);
  });
}

export function loadGoogleMaps(key: string, nonce?: string): Promise<GoogleMaps> {
  loading ??= withRetries(() => injectScript(key, nonce)).catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** What an address search result fills in on the checkout form. */
export interface PlaceFields {
  addressLine1: string;
  city: string;
  state: string;
  pincode: string;
}

export function placeToFields(place: PlaceResult): PlaceFields {
  const part = (type: string) => place.address_components?.find((c) => c.types.includes(type))?.long_name ?? "";
  const street = [
    part("premise"),
    part("street_number"),
    part("route"),
    part("sublocality_level_2"),
    part("sublocality_level_1"),
  ]
    .filter(Boolean)
    .join(", ");
  return {
    addressLine1: street || (place.formatted_address ?? "").split(",").slice(0, 2).join(",").trim(),
    city: part("locality") || part("administrative_area_level_3") || part("administrative_area_level_2"),
    state: part("administrative_area_level_1"),
    pincode: part("postal_code"),
  };
}

/** Attaches India-only address search to a field; calls onPlace with what to fill in. */
export async function attachAutocomplete(
  key: string,
  input: HTMLInputElement,
  onPlace: (fields: PlaceFields) => void,
  nonce?: string,
): Promise<void> {
  const google = await loadGoogleMaps(key, nonce);
  const autocomplete = new google.maps.places.Autocomplete(input, {
    componentRestrictions: { country: "in" },
    fields: ["address_components", "formatted_address"],
  });
  autocomplete.addListener("place_changed", () => onPlace(placeToFields(autocomplete.getPlace())));
}

export function googleReverseGeocoder(key: string, nonce?: string) {
  return async (lat: number, lng: number): Promise<string | null> => {
    const google = await loadGoogleMaps(key, nonce);
    const geocoder = new google.maps.Geocoder();
    return new Promise((resolve) =>
      geocoder.geocode({ location: { lat, lng } }, (results, status) =>
        resolve(status === "OK" ? (results?.[0]?.formatted_address ?? null) : null),
      ),
    );
  };
}
