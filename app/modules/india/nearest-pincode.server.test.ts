import { describe, expect, it } from "vitest";
import { distanceKm, NEAR_ENOUGH_KM, nearestPincode } from "./nearest-pincode.server";

describe("the nearest pincode to a point", () => {
  it("names Vashi's post office for the point the header showed as coordinates", () => {
    // "19.0770, 73.0000" was what Use current location showed without a maps key (issue 60).
    expect(nearestPincode(19.077, 73.0)).toEqual({
      pincode: "400703",
      district: "Thane",
      state: "Maharashtra",
      km: 0.3,
      label: "Thane 400703",
    });
  });

  it("finds Bandra West and Bengaluru's GPO from their own points", () => {
    expect(nearestPincode(19.0552, 72.83)?.pincode).toBe("400050");
    expect(nearestPincode(12.9766, 77.5993)?.label).toBe("Bengaluru 560001");
  });

  it(`names no place farther than ${NEAR_ENOUGH_KM} km from every post office: the sea, or abroad`, () => {
    expect(nearestPincode(15.0, 68.0)).toBeNull();
    expect(nearestPincode(51.5072, -0.1276)).toBeNull();
  });

  it("measures great-circle distance", () => {
    // Mumbai CST to Pune station, about 120 km as the crow flies.
    expect(Math.round(distanceKm(18.9398, 72.8355, 18.5286, 73.8743))).toBe(119);
    expect(distanceKm(19, 73, 19, 73)).toBe(0);
  });
});
