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
  const png = encodeBilevelPng(size, size, (x, y) => {
    const column = Math.floor(x / SCALE) - QUIET_ZONE;
    const row = Math.floor(y / SCALE) - QUIET_ZONE;
    return (
      row >= 0 &&
      column >= 0 &&
      row < modules.size &&
      column < modules.size &&
      Boolean(modules.get(row, column))
    );
  });
  return { png, size };
}
