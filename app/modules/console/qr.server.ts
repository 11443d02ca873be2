import QRCode from "qrcode";

export interface QrPath {
  size: number;
  path: string;
}

/** A QR code as one SVG path (a unit square per dark module), drawn by the page as plain JSX. */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}
