import { create, type QRCodeErrorCorrectionLevel } from 'qrcode';

/** Light modules around the code, as ISO/IEC 18004 asks: readers find the code by its edge. */
export const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules per side, quiet zone included: the SVG's viewBox. */
  size: number;
  /** One SVG path of every dark module, a 1x1 square each. */
  path: string;
}

/**
 * The QR code of `text` as an SVG path (no canvas: it stays sharp at any size and needs no
 * image decoding). Error correction M: a phone screen's glare or a finger over a corner still reads.
 */
export function qrDrawing(text: string, errorCorrectionLevel: QRCodeErrorCorrectionLevel = 'M'): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}
