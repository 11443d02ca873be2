import { describe, expect, it } from "vitest";
import { bannerSchema } from "../../db/json-columns";
import { bannersShownOn } from "./banners";

const banner = (image: string, from = "", to = "") => bannerSchema.parse({ image, from, to });

describe("the banners shown on a day", () => {
  const banners = [
    banner("/media/always.webp"),
    banner("/media/diwali.webp", "2026-11-01", "2026-11-10"),
    banner("/media/from-december.webp", "2026-12-01"),
    banner("/media/until-november.webp", "", "2026-11-30"),
  ];
  const shown = (day: string) => bannersShownOn(banners, day).map((b) => b.image);

  it("keep their order, and show a scheduled one on its first and last days", () => {
    expect(shown("2026-11-01")).toEqual(["/media/always.webp", "/media/diwali.webp", "/media/until-november.webp"]);
    expect(shown("2026-11-10")).toEqual(["/media/always.webp", "/media/diwali.webp", "/media/until-november.webp"]);
  });

  it("leave out one before its first day and after its last", () => {
    expect(shown("2026-10-31")).toEqual(["/media/always.webp", "/media/until-november.webp"]);
    expect(shown("2026-12-01")).toEqual(["/media/always.webp", "/media/from-december.webp"]);
  });

  it("read a banner saved before schedules existed as always shown", () => {
    expect(bannersShownOn([bannerSchema.parse({ image: "/media/old.webp" })], "2030-01-01")).toHaveLength(1);
  });
});
