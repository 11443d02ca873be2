/**
 * Writes app/modules/india/data/pincode-points.json: where each pincode of the offline
 * directory is (its post office's latitude and longitude, in ten-thousandths of a degree, about
 * 11 m), for 'Use current location' without a maps key (issue 60). Read from the
 * `pincode-lat-long` package (ISC), a dev dependency: run again when the directory changes.
 *
 *   npx tsx scripts/pincode-points.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const { getlatlong } = require("pincode-lat-long") as {
  getlatlong: (pincode: string) => { lat: number; long: number } | undefined;
};
const dataDir = path.resolve(import.meta.dirname, "../app/modules/india/data");
const directory = JSON.parse(readFileSync(path.join(dataDir, "india-pincodes.json"), "utf8")) as {
  pins: Record<string, unknown>;
};

const pins: number[] = [];
const lat: number[] = [];
const lng: number[] = [];
for (const pincode of Object.keys(directory.pins).sort()) {
  const point = getlatlong(pincode);
  // Inside India's bounds only: a point at 0,0 or abroad is a mistake in the source.
  if (!point || point.lat < 6 || point.lat > 37.5 || point.long < 68 || point.long > 97.5) continue;
  pins.push(Number(pincode));
  lat.push(Math.round(point.lat * 10_000));
  lng.push(Math.round(point.long * 10_000));
}
const file = {
  source: "pincode-lat-long 1.0.3 (npm, ISC licence, github.com/ramnithik/pincode-lat-long)",
  unit: "degrees x 10000",
  pins,
  lat,
  lng,
};
writeFileSync(path.join(dataDir, "pincode-points.json"), `${JSON.stringify(file)}\n`);
console.log(`${pins.length} of ${Object.keys(directory.pins).length} pincodes placed`);
