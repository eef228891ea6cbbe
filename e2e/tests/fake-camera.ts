import { writeFile } from 'node:fs/promises';
import { create } from 'qrcode';

/**
 * A video for chromium's fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2 frames of
 * the QR code of `payload`, drawn here from the code's own module matrix. Chromium plays the
 * file in a loop, so the ticket shows for `showSeconds`, then a blank frame for `hideSeconds`
 * (the ticket "leaves the camera"), and again: each showing is a new scan.
 */
export interface FakeCameraOptions {
  showSeconds?: number;
  hideSeconds?: number;
}

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 10;
const MODULE_PX = 5;
const QUIET_ZONE = 4;

function qrFrame(payload: string): Buffer {
  const { modules } = create(payload, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET_ZONE) * MODULE_PX;
  if (side > HEIGHT) throw new Error(`a QR of ${modules.size} modules does not fit the frame`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - side) / 2) + QUIET_ZONE * MODULE_PX;
  const top = Math.floor((HEIGHT - side) / 2) + QUIET_ZONE * MODULE_PX;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < MODULE_PX; y += 1) {
        const start = (top + row * MODULE_PX + y) * WIDTH + left + column * MODULE_PX;
        luma.fill(0, start, start + MODULE_PX);
      }
    }
  }
  return luma;
}

/** Chroma planes of a grey picture (4:2:0, full-range JPEG levels). */
const CHROMA = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
const FRAME_HEADER = Buffer.from('FRAME\n');

export async function writeQrVideo(
  file: string,
  payload: string,
  { showSeconds = 2, hideSeconds = 4 }: FakeCameraOptions = {},
): Promise<void> {
  const shown = Buffer.concat([FRAME_HEADER, qrFrame(payload), CHROMA]);
  const blank = Buffer.concat([FRAME_HEADER, Buffer.alloc(WIDTH * HEIGHT, 255), CHROMA]);
  const frames = [
    ...Array.from({ length: showSeconds * FPS }, () => shown),
    ...Array.from({ length: hideSeconds * FPS }, () => blank),
  ];
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...frames]));
}
