import QRCode from 'qrcode';
import { encodeBilevelPng } from '../png';

/** Pixels per QR module and the quiet zone around the code, in modules (the standard asks 4). */
const SCALE = 5;
const QUIET_ZONE = 4;

/**
 * A ticket's signed code as a QR code in a PNG image, for emails (mail clients show no SVG):
 * black and white at 1 bit per pixel, a few hundred bytes, sharp at its own size. The same
 * error correction as the ticket page and the PDF.
 */
export function ticketQrPng(code: string): { png: Buffer; size: number } {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 2 * QUIET_ZONE) * SCALE;
  const quiet: boolean[] = new Array<boolean>(size).fill(false);
  const rows: boolean[][] = [];
  for (let y = 0; y < QUIET_ZONE * SCALE; y += 1) rows.push(quiet);
  for (let row = 0; row < modules.size; row += 1) {
    // One row of pixels per module row, repeated SCALE times.
    const pixels = quiet.slice();
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      pixels.fill(true, (column + QUIET_ZONE) * SCALE, (column + QUIET_ZONE + 1) * SCALE);
    }
    for (let repeat = 0; repeat < SCALE; repeat += 1) rows.push(pixels);
  }
  for (let y = 0; y < QUIET_ZONE * SCALE; y += 1) rows.push(quiet);
  return { png: encodeBilevelPng(size, rows), size };
}
