import { dataFile } from "./data-file.server";
import { lookupPincode } from "./pincodes.server";

/**
 * The pincode whose post office is nearest to a point, from the offline directory's points
 * (data/pincode-points.json): 'Use current location' without a maps key names the shopper's
 * area by it instead of showing coordinates (issue 60).
 */

interface PointsFile {
  pins: number[];
  lat: number[];
  lng: number[];
}

/** Farther than this from every post office the directory knows, a point is not named by one. */
export const NEAR_ENOUGH_KM = 15;

const load = dataFile<PointsFile>("pincode-points.json");

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface NearPlace {
  pincode: string;
  district: string | null;
  state: string | null;
  km: number;
  /** How the header names the place, short enough for a phone's card: "Thane 400703". */
  label: string;
}

/** The nearest pincode within NEAR_ENOUGH_KM of a point, or null. A scan of 19,000 points: well under a millisecond. */
export function nearestPincode(lat: number, lng: number): NearPlace | null {
  const file = load();
  // Compared by a flat projection first (cheap, and right for ranking nearby points); the
  // winner's distance is then taken properly.
  const scale = Math.cos(radians(lat));
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = 0; i < file.pins.length; i++) {
    const dLat = (file.lat[i] ?? 0) / 10_000 - lat;
    const dLng = ((file.lng[i] ?? 0) / 10_000 - lng) * scale;
    const score = dLat * dLat + dLng * dLng;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best < 0) return null;
  const km = distanceKm(lat, lng, (file.lat[best] ?? 0) / 10_000, (file.lng[best] ?? 0) / 10_000);
  if (km > NEAR_ENOUGH_KM) return null;
  const pincode = String(file.pins[best]);
  const place = lookupPincode(pincode);
  const district = place?.districts[0] ?? null;
  const state = place?.states[0] ?? null;
  const where = district ?? state;
  return { pincode, district, state, km: Math.round(km * 10) / 10, label: where ? `${where} ${pincode}` : pincode };
}
