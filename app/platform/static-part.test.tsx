import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticPart } from "./static-part";

describe("StaticPart on the server", () => {
  it("renders its element and children as the element alone would", () => {
    const part = renderToString(
      <StaticPart as="a" version={() => "v"} href="/products/paneer" className="product-card__link" data-app-link="">
        <h3>Paneer</h3>
      </StaticPart>,
    );
    const plain = renderToString(
      <a href="/products/paneer" className="product-card__link" data-app-link="">
        <h3>Paneer</h3>
      </a>,
    );
    expect(part).toBe(plain);
    expect(part).toBe('<a href="/products/paneer" class="product-card__link" data-app-link=""><h3>Paneer</h3></a>');
  });

  it("does not ask for its version: only the browser compares it", () => {
    const version = () => {
      throw new Error("asked on the server");
    };
    expect(
      renderToString(
        <StaticPart as="ul" version={version} className="tiers" aria-label="Quantity prices">
          <li>6+ at ₹100</li>
        </StaticPart>,
      ),
    ).toBe('<ul class="tiers" aria-label="Quantity prices"><li>6+ at ₹100</li></ul>');
  });
});
