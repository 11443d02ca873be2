import { describe, expect, it } from "vitest";
import { readSavedLocation } from "./saved-location";

describe("readSavedLocation", () => {
  const saved = { label: "Plot 7, Sector 30, Vashi, Navi Mumbai", lat: 19.076, lng: 72.8777 };

  it("reads a stored location, and only its fields", () => {
    expect(readSavedLocation(JSON.stringify(saved))).toEqual(saved);
    expect(readSavedLocation(JSON.stringify({ ...saved, accuracy: 12 }))).toEqual(saved);
    expect(readSavedLocation(JSON.stringify({ label: "x".repeat(300), lat: -90, lng: 180 }))).not.toBeNull();
  });

  it("answers anything else with no location", () => {
    for (const raw of [
      null,
      "",
      "{",
      "null",
      "[]",
      JSON.stringify([saved]),
      JSON.stringify({ ...saved, label: 5 }),
      JSON.stringify({ ...saved, label: "x".repeat(301) }),
      JSON.stringify({ ...saved, lat: 90.5 }),
      JSON.stringify({ ...saved, lng: -181 }),
      JSON.stringify({ ...saved, lat: "19.07" }),
      JSON.stringify({ label: saved.label, lat: saved.lat }),
    ]) {
      expect(readSavedLocation(raw), String(raw)).toBeNull();
    }
  });
});
