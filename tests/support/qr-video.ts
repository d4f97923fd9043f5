/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a few frames of a QR code
 * held in front of the lens, as a YUV4MPEG2 file (planar 4:2:0, the format Chromium reads), drawn
 * from `qrcode`'s own module matrix, so no video tool is needed.
 */
import { writeFile } from 'node:fs/promises';
import { create } from 'qrcode';

export interface QrVideoOptions {
  width?: number;
  height?: number;
  frames?: number;
  framesPerSecond?: number;
}

/** Light modules around the code, as the QR standard asks (4). */
const QUIET_ZONE = 4;
/** Video-range luma of black and white; chroma 128 is grey (no colour). */
const DARK = 16;
const LIGHT = 235;
const NEUTRAL = 128;

/** One frame's luma plane: the code large and centred on white, every module a square of whole pixels. */
function lumaPlane(text: string, width: number, height: number): Buffer {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const units = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor((Math.min(width, height) * 0.9) / units);
  if (scale < 2) throw new Error(`a ${width}x${height} frame is too small for a QR code of ${modules.size} modules`);
  const left = Math.floor((width - units * scale) / 2) + QUIET_ZONE * scale;
  const top = Math.floor((height - units * scale) / 2) + QUIET_ZONE * scale;
  const luma = Buffer.alloc(width * height, LIGHT);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(DARK, (top + row * scale + y) * width + left + col * scale, (top + row * scale + y) * width + left + (col + 1) * scale);
    }
  }
  return luma;
}

/** Writes `file`: `frames` identical frames showing the QR code of `text`. */
export async function writeQrVideo(file: string, text: string, options: QrVideoOptions = {}): Promise<void> {
  const { width = 640, height = 480, frames = 5, framesPerSecond = 10 } = options;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 needs an even width and height');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${framesPerSecond}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), lumaPlane(text, width, height), Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL)]);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium's flags for a fake camera that films `file`, with the permission prompt answered yes. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
