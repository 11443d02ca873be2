/**
 * The shopper's delivery location (spec: saved location, local storage key sf:location),
 * shown in the header's location card and set from checkout's 'Use current location'.
 */
import { useSyncExternalStore } from "react";
import { fields, isNumberWithin, isString } from "../http/stored-values";

export const LOCATION_STORAGE_KEY = "sf:location";

export const LOCATION_MESSAGES = {
  unsupported: "Geolocation not supported by your browser.",
  denied: "Permission denied for location.",
  noAddress: "Could not fetch address. Location set by coordinates.",
  failed: "Failed to get current location.",
} as const;

/** Browser geolocation options (spec section 7): high accuracy, 10 s timeout, 60 s max age. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

export interface SavedLocation {
  /** The address, or the coordinates when none was found; at most 300 characters. */
  label: string;
  lat: number;
  lng: number;
}

/** The stored location, or null when what is stored is not one. */
export function readSavedLocation(raw: string | null): SavedLocation | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
  const f = fields(value);
  if (!f || !isString(f.label) || f.label.length > 300) return null;
  if (!isNumberWithin(f.lat, -90, 90) || !isNumberWithin(f.lng, -180, 180)) return null;
  return { label: f.label, lat: f.lat, lng: f.lng };
}

let current: SavedLocation | null | undefined;
const listeners = new Set<() => void>();

function read(): SavedLocation | null {
  try {
    return readSavedLocation(localStorage.getItem(LOCATION_STORAGE_KEY));
  } catch {
    return null; // storage switched off
  }
}

export function saveLocation(location: SavedLocation): void {
  current = location;
  try {
    localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
  } catch {}
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== LOCATION_STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSavedLocation(): SavedLocation | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      if (current === undefined) current = read();
      return current;
    },
    () => null,
  );
}

/** A place's label from coordinates, when a geocoder is configured. */
export type ReverseGeocoder = (lat: number, lng: number) => Promise<string | null>;

/**
 * The store's own geocoder, from its offline pincode directory: the nearest post office's
 * district and pincode ("Thane 400703"), or null where none is near (issue 60).
 */
export const directoryReverseGeocoder: ReverseGeocoder = async (lat, lng) => {
  const response = await fetch(`/api/pincodes/nearest?lat=${lat}&lng=${lng}`);
  if (!response.ok) return null;
  const body = (await response.json()) as { place?: { label?: unknown } | null };
  return typeof body.place?.label === "string" ? body.place.label : null;
};

export type LocateResult =
  | { ok: true; location: SavedLocation; address: string | null; notice: string | null }
  | { ok: false; message: string };

/** The spec's messages for a geolocation failure: the browser's own words when it gives any. */
export function geolocationErrorMessage(error: Pick<GeolocationPositionError, "code" | "message">): string {
  if (error.code === 1) return error.message?.trim() || LOCATION_MESSAGES.denied;
  return LOCATION_MESSAGES.failed;
}

/** 'Use current location': asks the browser, then names the place if a geocoder can. */
export async function locateMe(
  geolocation: Geolocation | undefined,
  reverseGeocode: ReverseGeocoder | null,
): Promise<LocateResult> {
  if (!geolocation) return { ok: false, message: LOCATION_MESSAGES.unsupported };
  let position: GeolocationPosition;
  try {
    position = await new Promise<GeolocationPosition>((resolve, reject) =>
      geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS),
    );
  } catch (error) {
    return { ok: false, message: geolocationErrorMessage(error as GeolocationPositionError) };
  }
  const lat = Number(position.coords.latitude.toFixed(6));
  const lng = Number(position.coords.longitude.toFixed(6));
  let address: string | null = null;
  if (reverseGeocode) {
    try {
      address = await reverseGeocode(lat, lng);
    } catch {
      address = null;
    }
  }
  const location = { label: address ?? `${lat.toFixed(4)}, ${lng.toFixed(4)}`, lat, lng };
  saveLocation(location);
  return { ok: true, location, address, notice: address ? null : LOCATION_MESSAGES.noAddress };
}
