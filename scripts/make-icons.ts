/**
 * Renders the Mingle logo (an SVG drawn here) to the PNG icons the manifest and index.html use.
 * Run it after changing the logo: `npx tsx scripts/make-icons.ts`. The outputs are committed, so
 * neither the build nor CI needs to run it.
 *
 *   public/icons/favicon.svg            the logo itself (rounded square)
 *   public/icons/icon-192.png           manifest icon, purpose "any"
 *   public/icons/icon-512.png           manifest icon, purpose "any"
 *   public/icons/maskable-512.png       manifest icon, purpose "maskable": full-bleed background,
 *                                       the mark shrunk into the central safe zone (a circle of
 *                                       radius 40 % of the size) so any platform mask keeps it whole
 *   public/icons/apple-touch-icon-180.png  full-bleed square: iOS rounds the corners itself
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ACCENT = '#4f46e5';
const ACCENT_LIGHT = '#c7d2fe';

interface LogoOptions {
  /** Rounded corners (for "any" icons and the favicon) or a full-bleed square (maskable, iOS). */
  shape: 'rounded' | 'square';
  /** Scale of the mark around the centre; 1 fills the design box. */
  markScale: number;
}

/** One person: a head and rounded shoulders, drawn in a 512 x 512 design box. */
function person(cx: number, fill: string): string {
  return [
    `<circle cx="${cx}" cy="196" r="58" fill="${fill}"/>`,
    `<path d="M${cx - 100} 368 a100 100 0 0 1 200 0 v8 a12 12 0 0 1 -12 12 h-176 a12 12 0 0 1 -12 -12 z" fill="${fill}"/>`,
  ].join('');
}

/** Two people side by side, the front one overlapping the one behind: meeting at an event. */
export function logoSvg({ shape, markScale }: LogoOptions): string {
  const background = shape === 'rounded' ? `<rect width="512" height="512" rx="112" fill="${ACCENT}"/>` : `<rect width="512" height="512" fill="${ACCENT}"/>`;
  // The mark's own centre is about (256, 262); scale around it and move it to the box centre.
  const t = `translate(256 256) scale(${markScale}) translate(-256 -262)`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
    background,
    `<g transform="${t}">`,
    person(316, ACCENT_LIGHT),
    // A ring in the background colour separates the front person from the one behind.
    `<g stroke="${ACCENT}" stroke-width="20">${person(196, '#ffffff')}</g>`,
    person(196, '#ffffff'),
    '</g>',
    '</svg>',
  ].join('');
}

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));

async function png(file: string, size: number, options: LogoOptions): Promise<void> {
  const svg = Buffer.from(logoSvg(options));
  // Render at a density that gives at least the target size, then downsample: crisp edges.
  const density = Math.ceil((72 * size) / 512) * 2;
  await sharp(svg, { density })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(outDir + file);
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const any: LogoOptions = { shape: 'rounded', markScale: 1 };
  await writeFile(outDir + 'favicon.svg', logoSvg(any) + '\n');
  await png('icon-192.png', 192, any);
  await png('icon-512.png', 512, any);
  // The mark's farthest point lies about 40 % of the size from the centre; scaled by 0.8 it sits
  // at about 32 %, well inside the 40 % safe radius.
  await png('maskable-512.png', 512, { shape: 'square', markScale: 0.8 });
  await png('apple-touch-icon-180.png', 180, { shape: 'square', markScale: 0.9 });
  console.log('icons written to public/icons/');
}

await main();
