import { escapeXml } from "../modules/http/xml";
import type { PackKind } from "./catalogue-data";

/**
 * Clean, generated SVG artwork for the demo store: product packs in three views, category
 * tiles, brand wordmarks and banners. Made locally, no network, deterministic.
 */

const FONT = "Inter, 'Segoe UI', Roboto, Arial, sans-serif";

/** Mixes a #rrggbb colour with white (amount 0..1). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** Darkens a #rrggbb colour (amount 0..1). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const dim = (c: number) => Math.round(c * (1 - amount));
  return `#${((1 << 24) | (dim((n >> 16) & 255) << 16) | (dim((n >> 8) & 255) << 8) | dim(n & 255)).toString(16).slice(1)}`;
}

/** Splits text into lines of at most `width` characters, at word boundaries. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, colour: string, weight = 700): string {
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * size * 1.2}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${colour}" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join("");
}

/** The outline of a pack of the given kind, centred in an 800 x 800 canvas. */
function packShape(kind: PackKind, fill: string, edge: string): string {
  const stroke = `stroke="${edge}" stroke-width="6"`;
  switch (kind) {
    case "bottle":
      return `<path d="M360 120h80v70c0 20 60 40 60 110v360c0 25-20 40-45 40H345c-25 0-45-15-45-40V300c0-70 60-90 60-110z" fill="${fill}" ${stroke}/><rect x="350" y="95" width="100" height="40" rx="8" fill="${edge}"/>`;
    case "jar":
      return `<rect x="250" y="210" width="300" height="450" rx="50" fill="${fill}" ${stroke}/><rect x="270" y="150" width="260" height="80" rx="16" fill="${edge}"/>`;
    case "tin":
    case "can":
      return `<rect x="230" y="150" width="340" height="520" rx="24" fill="${fill}" ${stroke}/><rect x="360" y="110" width="80" height="50" rx="10" fill="${edge}"/><path d="M230 220h340M230 600h340" stroke="${edge}" stroke-width="6" opacity=".5"/>`;
    case "sack":
      return `<path d="M220 170q180-60 360 0l30 470q-210 60-420 0z" fill="${fill}" ${stroke}/><path d="M250 200q150-40 300 0" stroke="${edge}" stroke-width="5" fill="none" stroke-dasharray="14 10"/>`;
    case "tub":
    case "pot":
      return `<path d="M210 260h380l-40 390q-4 30-34 30H284q-30 0-34-30z" fill="${fill}" ${stroke}/><rect x="190" y="220" width="420" height="60" rx="18" fill="${edge}"/>`;
    case "carton":
      return `<path d="M270 200l60-80h140l60 80v470H270z" fill="${fill}" ${stroke}/><path d="M270 200h260" stroke="${edge}" stroke-width="6"/>`;
    case "tray":
      return `<rect x="150" y="300" width="500" height="280" rx="30" fill="${fill}" ${stroke}/>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${230 + i * 85}" cy="380" r="32" fill="${edge}" opacity=".25"/>`).join("")}`;
    case "roll":
      return `<rect x="200" y="260" width="400" height="300" rx="40" fill="${fill}" ${stroke}/><ellipse cx="200" cy="410" rx="40" ry="150" fill="${edge}" opacity=".35"/>`;
    case "tool":
      return `<ellipse cx="400" cy="560" rx="260" ry="70" fill="${edge}" opacity=".2"/><path d="M170 330h460l-40 230q-6 40-46 40H256q-40 0-46-40z" fill="${fill}" ${stroke}/><rect x="630" y="340" width="120" height="30" rx="14" fill="${edge}"/><rect x="50" y="340" width="120" height="30" rx="14" fill="${edge}"/>`;
    case "box":
      return `<path d="M240 170h320v500H240z" fill="${fill}" ${stroke}/><path d="M240 170l40-50h320l-40 50M560 170l40-50v500l-40 50" fill="${edge}" opacity=".35"/>`;
    default:
      return `<path d="M230 150h340l-20 520H250z" fill="${fill}" ${stroke}/><path d="M230 150h340v40H230z" fill="${edge}"/>`;
  }
}

export interface PackArt {
  brand: string;
  name: string;
  pack: string;
  kind: PackKind;
  brandColour: string;
  categoryColour: string;
  veg: "green" | "brown" | null;
}

function vegMark(veg: PackArt["veg"], x: number, y: number): string {
  if (!veg) return "";
  const colour = veg === "green" ? "#1b8a3a" : "#7b3f00";
  const inner =
    veg === "green"
      ? `<circle cx="${x + 22}" cy="${y + 22}" r="11" fill="${colour}"/>`
      : `<path d="M${x + 22} ${y + 9}l13 24h-26z" fill="${colour}"/>`;
  return `<rect x="${x}" y="${y}" width="44" height="44" rx="4" fill="#fff" stroke="${colour}" stroke-width="4"/>${inner}`;
}

/** Pack sizes one under another, e.g. '1 kg' over '200 g'. */
function packLines(packs: string, colour: string): string {
  const lines = packs.split(" / ").slice(0, 3);
  const size = lines.length === 1 ? 52 : lines.length === 2 ? 44 : 36;
  return textLines(lines, 605, 335, size, colour, 800);
}

/**
 * Three views of a product: 0 the front of the pack, 1 the pack with its size and facts,
 * 2 a case of several packs, as a wholesale buyer receives them.
 */
export function productSvg(art: PackArt, view: 0 | 1 | 2): string {
  const bg = tint(art.categoryColour, 0.88);
  const fill = tint(art.brandColour, 0.15);
  const edge = shade(art.brandColour, 0.25);
  const label = `<rect x="260" y="330" width="280" height="200" rx="18" fill="#fff" opacity=".95"/>${textLines(wrap(art.brand.toUpperCase(), 16, 1), 400, 372, 26, edge, 800)}${textLines(wrap(art.name, 18, 3), 400, 412, 22, "#263238", 700)}`;
  let body: string;
  if (view === 0) {
    body = `${packShape(art.kind, fill, edge)}${label}${vegMark(art.veg, 690, 60)}`;
  } else if (view === 1) {
    body = `<g transform="translate(-120 20) scale(.9)">${packShape(art.kind, fill, edge)}${label}</g><rect x="470" y="220" width="270" height="360" rx="24" fill="#fff" stroke="${edge}" stroke-width="4"/>${textLines(["Pack size"], 605, 280, 24, "#546e7a", 600)}${packLines(art.pack, edge)}${textLines(["Wholesale", "HoReCa pack"], 605, 470, 26, "#37474f", 600)}${vegMark(art.veg, 690, 60)}`;
  } else {
    const pack = (dx: number, dy: number, s: number) =>
      `<g transform="translate(${dx} ${dy}) scale(${s})">${packShape(art.kind, fill, edge)}</g>`;
    body = `${pack(-170, 160, 0.75)}${pack(230, 160, 0.75)}${pack(30, 110, 0.85)}<rect x="200" y="640" width="400" height="90" rx="16" fill="${edge}"/>${textLines([`${art.brand} · ${art.pack}`], 400, 697, 30, "#fff", 700)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="${bg}"/>${body}</svg>`;
}

const ICONS: Record<string, string> = {
  milk: `<path d="M160 90h80v40l30 50v150q0 20-20 20H150q-20 0-20-20V180l30-50z" fill="#fff"/>`,
  snowflake: `<path d="M200 90v220M105 145l190 110M105 255l190-110" stroke="#fff" stroke-width="22" stroke-linecap="round"/>`,
  drop: `<path d="M200 80c60 90 100 140 100 190a100 100 0 0 1-200 0c0-50 40-100 100-190z" fill="#fff"/>`,
  grain: `<ellipse cx="200" cy="200" rx="55" ry="110" fill="#fff"/><path d="M200 100v200" stroke-width="10" stroke="currentColor"/>`,
  chilli: `<path d="M120 150q40 0 60 30q80 110 140 110q-50 40-140-10q-70-40-60-130z" fill="#fff"/><path d="M120 150q-10-40 30-60" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  bottle: `<path d="M180 80h40v50q40 20 40 70v110q0 20-20 20h-80q-20 0-20-20V200q0-50 40-70z" fill="#fff"/>`,
  cup: `<path d="M110 150h170v90q0 70-85 70t-85-70z" fill="#fff"/><path d="M280 170h20q40 0 40 40t-40 40h-20" stroke="#fff" stroke-width="16" fill="none"/>`,
  bread: `<path d="M100 190q0-80 100-80t100 80v120H100z" fill="#fff"/>`,
  box: `<path d="M100 140l100-50 100 50v130l-100 50-100-50z" fill="#fff"/><path d="M100 140l100 50 100-50M200 190v130" stroke="currentColor" stroke-width="10" fill="none"/>`,
  spray: `<rect x="140" y="160" width="120" height="170" rx="20" fill="#fff"/><path d="M160 160v-40h70l40 20" stroke="#fff" stroke-width="18" fill="none"/>`,
  pot: `<path d="M90 170h220l-20 130q-4 20-24 20H134q-20 0-24-20z" fill="#fff"/><rect x="70" y="150" width="260" height="30" rx="12" fill="#fff"/>`,
  jar: `<rect x="130" y="130" width="140" height="190" rx="30" fill="#fff"/><rect x="140" y="95" width="120" height="40" rx="10" fill="#fff"/>`,
  bowl: `<path d="M90 180h220q0 120-110 120T90 180z" fill="#fff"/><path d="M150 170q10-60 40-80M200 170q10-60 40-80" stroke="#fff" stroke-width="10" fill="none"/>`,
};

export function categorySvg(name: string, colour: string, icon: string): string {
  const glyph = (ICONS[icon] ?? ICONS.box ?? "").replaceAll("currentColor", colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(colour, 0.1)}"/><stop offset="1" stop-color="${shade(colour, 0.2)}"/></linearGradient></defs><rect width="400" height="400" rx="48" fill="url(#g)"/>${glyph}</svg>`;
}

export function brandSvg(name: string, colour: string): string {
  const size = name.length > 14 ? 34 : name.length > 9 ? 44 : 56;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" role="img" aria-label="${escapeXml(name)}"><rect width="400" height="200" rx="24" fill="${tint(colour, 0.9)}"/><rect x="12" y="12" width="376" height="176" rx="18" fill="none" stroke="${colour}" stroke-width="4"/><text x="200" y="${100 + size * 0.35}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="${shade(colour, 0.1)}" text-anchor="middle">${escapeXml(name)}</text></svg>`;
}

/** A banner's picture: colour and shapes only. Its words are the banner's own text over it (issue 60). */
export interface BannerArt {
  colour: string;
  accent: string;
}

export function bannerSvg(b: BannerArt): string {
  const circles = [0, 1, 2, 3]
    .map(
      (i) =>
        `<circle cx="${1180 + i * 110}" cy="${150 + (i % 2) * 260}" r="${140 - i * 18}" fill="${b.accent}" opacity="${0.35 - i * 0.06}"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.colour}"/><stop offset="1" stop-color="${shade(b.colour, 0.35)}"/></linearGradient></defs><rect width="1600" height="600" fill="url(#b)"/>${circles}</svg>`;
}
