import { describe, expect, it } from "vitest";
import { nearestQuerySchema } from "./request-schemas.server";

describe("the nearest pincode's query", () => {
  it("takes a point in degrees", () => {
    expect(nearestQuerySchema.parse({ lat: "19.077", lng: "73" })).toEqual({ lat: 19.077, lng: 73 });
  });

  it("names what is wrong with a point that is not one, missing or out of range", () => {
    const message = (query: Record<string, string | undefined>) =>
      nearestQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(message({ lat: "abc", lng: "73" })).toEqual(["lat is a latitude in degrees, from -90 to 90."]);
    expect(message({ lat: "19" })).toEqual(["lng is a longitude in degrees, from -180 to 180."]);
    expect(message({ lat: "91", lng: "181" })).toEqual([
      "lat is a latitude in degrees, from -90 to 90.",
      "lng is a longitude in degrees, from -180 to 180.",
    ]);
  });
});
