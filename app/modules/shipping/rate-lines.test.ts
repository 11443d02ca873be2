import { describe, expect, it } from "vitest";
import { parseRateLines } from "./rate-lines";

describe("pasted pincode rates", () => {
  it("reads a spreadsheet's columns, commas or spaces, and one rate for all bands", () => {
    expect(
      parseRateLines("Pincode\tUp to 999\t1000-4999\t5000+\n400703\t49\t29\t0\n400001, 99, 59.50, 29\n\n411001 ₹120\n"),
    ).toEqual({
      rates: [
        { pincode: "400703", rateUpTo999: 49_00, rate1000To4999: 29_00, rateFrom5000: 0 },
        { pincode: "400001", rateUpTo999: 99_00, rate1000To4999: 59_50, rateFrom5000: 29_00 },
        { pincode: "411001", rateUpTo999: 120_00, rate1000To4999: 120_00, rateFrom5000: 120_00 },
      ],
    });
  });

  it("names every bad line and takes none", () => {
    expect(parseRateLines("40070, 49\n400703, 49, 29\n400001, 4O\n400703 10\n400050 10\n400050 20")).toEqual({
      problems: [
        { line: 1, text: "40070, 49", message: '"40070" is not a 6-digit pincode.' },
        {
          line: 2,
          text: "400703, 49, 29",
          message: "Give the pincode and one rate, or three: up to ₹999, ₹1,000 to ₹4,999, ₹5,000 and above.",
        },
        { line: 3, text: "400001, 4O", message: '"4O" is not an amount in rupees, like 49 or 49.50.' },
        { line: 6, text: "400050 20", message: "400050 is on line 5 too." },
      ],
    });
  });
});
