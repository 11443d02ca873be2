import { describe, expect, it } from "vitest";
import { csvCell, csvRow, rupees } from "./csv";

describe("CSV for spreadsheets", () => {
  it("quotes what must be quoted and nothing else", () => {
    expect(csvRow(["Hotel Sagar", 'Say "hi"', "Line one\nline two", "a,b", 12, null])).toBe(
      'Hotel Sagar,"Say ""hi""","Line one\nline two","a,b",12,\r\n',
    );
  });

  it("writes a cell a spreadsheet would run as a formula as text", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+91 98200 12345")).toBe("'+91 98200 12345");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2 tins")).toBe("'-2 tins");
    expect(csvCell("-2+3")).toBe("'-2+3");
    // A negative amount is a number, and stays one.
    expect(csvCell("-80.39")).toBe("-80.39");
  });

  it("writes paise as rupees", () => {
    expect(rupees(123456)).toBe("1234.56");
    expect(rupees(5)).toBe("0.05");
    expect(rupees(-2500)).toBe("-25.00");
  });
});
