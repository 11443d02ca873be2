import { describe, expect, it } from "vitest";
import { movePhoto, photoStep, removePhoto } from "./product-photos";

const list = { photo: ["/media/a.webp", "/media/b.webp", "/media/c.webp"], photoAlt: ["A", "B", "C"] };

describe("a product's photos on its form", () => {
  it("moves a photo with its description", () => {
    expect(movePhoto(list, 2, 0)).toEqual({
      photo: ["/media/c.webp", "/media/a.webp", "/media/b.webp"],
      photoAlt: ["C", "A", "B"],
    });
    expect(movePhoto(list, 0, -1)).toBe(list);
  });

  it("removes a photo with its description", () => {
    expect(removePhoto(list, 1)).toEqual({ photo: ["/media/a.webp", "/media/c.webp"], photoAlt: ["A", "C"] });
  });

  it("applies the steps a form without scripts posts", () => {
    const fields = { ...list };
    photoStep(fields, "photo-down:0");
    expect(fields.photo).toEqual(["/media/b.webp", "/media/a.webp", "/media/c.webp"]);
    photoStep(fields, "photo-remove:2");
    expect(fields.photoAlt).toEqual(["B", "A"]);
    photoStep(fields, "photo-up:99");
    expect(fields.photoAlt).toEqual(["B", "A"]);
  });
});
