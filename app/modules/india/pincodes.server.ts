import { dataFile } from "./data-file.server";

/**
 * The offline India pincode directory (GeoNames, CC BY 4.0; see data/README.md): pincode ->
 * state(s) and district(s). Loaded on first use and kept in memory (about 2 MB).
 */

interface DirectoryFile {
  states: string[];
  districts: string[];
  pins: Record<string, [number[], number[]]>;
}

const load = dataFile<DirectoryFile>("india-pincodes.json");

export function allPincodes(): string[] {
  return Object.keys(load().pins);
}

export interface PincodePlace {
  pincode: string;
  /** States or union territories, most likely first (a few pincodes span two). */
  states: string[];
  /** Districts, most likely first: what the checkout fills in as the city. */
  districts: string[];
}

/** Where a pincode is, from the offline directory; null for a pincode it does not know. */
export function lookupPincode(pincode: string): PincodePlace | null {
  if (!/^\d{6}$/.test(pincode)) return null;
  const file = load();
  const entry = file.pins[pincode];
  if (!entry) return null;
  const [states, districts] = entry;
  return {
    pincode,
    states: states.map((i) => file.states[i]).filter((s): s is string => Boolean(s)),
    districts: districts.map((i) => file.districts[i]).filter((d): d is string => Boolean(d)),
  };
}
