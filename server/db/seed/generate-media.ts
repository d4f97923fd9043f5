/**
 * Writes the demo images to public/media/ as small SVG files: event covers (1200x630), avatars
 * (stylised portraits, 256x256) and organizer logos (monograms, 256x256). Deterministic: the same
 * files every run, so the output is committed and the seed can reference it without a network.
 *
 *   npx tsx server/db/seed/generate-media.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORGANIZERS } from './data/catalogue';
import { AVATAR_COUNT, COMMUNITY_EVENT_IMAGE_URL, EVENT_COVER_COUNT, avatarUrl, eventCoverUrl, organizerLogoUrl, slugify } from './media';
import { createRandom, type Random } from './random';

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;
const r1 = (n: number) => Math.round(n);

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;
}

/** An abstract composition on a two-colour gradient; `variant` picks the kind of shapes. */
export function eventCover(n: number): string {
  const rng = createRandom(`event-cover:${n}`);
  const hue = (n * 47) % 360;
  const hue2 = hue + 30 + rng.int(0, 60);
  const angle = rng.pick([
    ['0', '0', '1', '1'],
    ['0', '1', '1', '0'],
    ['0', '0', '1', '0'],
    ['1', '0', '0', '1'],
  ]);
  const defs =
    `<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 52)}"/><stop offset="1" stop-color="${hsl(hue2, 65, 28)}"/></linearGradient>` +
    `<pattern id="d" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.5" fill="#fff" fill-opacity=".18"/></pattern></defs>`;
  let shapes = '';
  const accent = (l: number) => hsl(hue + 180 + rng.int(-20, 20), 80, l);
  switch (n % 4) {
    case 0:
      for (let k = 0; k < 4; k++) {
        shapes += `<circle cx="${rng.int(100, 1100)}" cy="${rng.int(60, 570)}" r="${rng.int(90, 260)}" fill="${k % 2 ? '#fff' : accent(70)}" fill-opacity="${(0.1 + rng.next() * 0.2).toFixed(2)}"/>`;
      }
      break;
    case 1:
      for (let k = 0; k < 3; k++) {
        const x = rng.int(-200, 900);
        const w = rng.int(120, 260);
        shapes += `<path d="M${x} 630 L${x + 420} 0 L${x + 420 + w} 0 L${x + w} 630Z" fill="${k === 1 ? accent(65) : '#fff'}" fill-opacity="${(0.12 + rng.next() * 0.15).toFixed(2)}"/>`;
      }
      break;
    case 2: {
      const cx = rng.int(700, 1050);
      const cy = rng.int(150, 480);
      for (let k = 1; k <= 6; k++) {
        shapes += `<circle cx="${cx}" cy="${cy}" r="${k * 70}" fill="none" stroke="#fff" stroke-opacity="${(0.32 - k * 0.04).toFixed(2)}" stroke-width="${k === 2 ? 18 : 6}"/>`;
      }
      shapes += `<circle cx="${cx}" cy="${cy}" r="48" fill="${accent(68)}" fill-opacity=".8"/>`;
      break;
    }
    default:
      for (let k = 0; k < 3; k++) {
        const y = 300 + k * 110 + rng.int(-40, 40);
        const a = rng.int(-140, 140);
        shapes += `<path d="M0 ${y} C300 ${y - a} 700 ${y + a} 1200 ${y - 40}V630H0Z" fill="${k === 2 ? accent(60) : '#fff'}" fill-opacity="${(0.1 + k * 0.06).toFixed(2)}"/>`;
      }
  }
  const dots = `<rect x="${rng.int(40, 200)}" y="${rng.int(40, 120)}" width="280" height="168" fill="url(#d)"/>`;
  return svg(1200, 630, `${defs}<rect width="1200" height="630" fill="url(#g)"/>${shapes}${dots}`);
}

/** The neutral cover used for community-created events: people around a table. */
export function communityCover(): string {
  const people = [300, 480, 660, 840]
    .map(
      (x, k) =>
        `<circle cx="${x + 30}" cy="${250 + (k % 2) * 20}" r="56" fill="#fff" fill-opacity=".85"/><path d="M${x - 50} 470C${x - 50} 380 ${x + 110} 380 ${x + 110} 470Z" fill="#fff" fill-opacity=".7"/>`,
    )
    .join('');
  return svg(
    1200,
    630,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#475569"/><stop offset="1" stop-color="#1e293b"/></linearGradient></defs>` +
      `<rect width="1200" height="630" fill="url(#g)"/>${people}<rect x="200" y="460" width="800" height="40" rx="20" fill="#94a3b8"/>`,
  );
}

const SKIN = ['#f6d7bf', '#eab894', '#d49c74', '#b57b52', '#8c5a3a', '#5f3b25'];
const HAIR = ['#2a1c13', '#4f3222', '#7b4f2a', '#b98a4e', '#e0c384', '#3a3a3a', '#9c3b1e', '#d6d3cf'];

const HAIR_TOP: Record<string, string> = {
  short: 'M84 112C80 66 104 52 128 52C154 52 176 66 172 112C166 90 152 80 128 80C106 80 90 90 84 112Z',
  side: 'M84 116C78 62 110 50 134 52C162 54 178 72 172 110C160 84 136 74 110 86C98 92 90 102 84 116Z',
  buzz: 'M88 100C90 68 106 60 128 60C150 60 166 68 168 100C158 84 146 78 128 78C110 78 98 84 88 100Z',
};

/** A stylised head-and-shoulders portrait; no initials, so any avatar fits any member. */
export function avatar(n: number): string {
  const rng = createRandom(`avatar:${n}`);
  const bgHue = (n * 67) % 360;
  const skin = SKIN[n % SKIN.length] as string;
  const hair = rng.pick(HAIR);
  const style = (['short', 'long', 'bun', 'curly', 'side', 'buzz'] as const)[(n * 5) % 6] as string;
  const shirt = hsl(bgHue + 160 + rng.int(0, 60), 45, 38);
  let back = '';
  let top: string;
  if (style === 'long') {
    back = `<path d="M80 112C74 52 182 52 176 112L184 190C160 202 96 202 72 190Z" fill="${hair}"/>`;
    top = `<path d="${HAIR_TOP.short}" fill="${hair}"/>`;
  } else if (style === 'bun') {
    back = `<circle cx="128" cy="50" r="20" fill="${hair}"/>`;
    top = `<path d="${HAIR_TOP.short}" fill="${hair}"/>`;
  } else if (style === 'curly') {
    top = [
      [84, 104],
      [88, 80],
      [100, 63],
      [118, 54],
      [138, 54],
      [156, 63],
      [168, 80],
      [172, 104],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="17" fill="${hair}"/>`)
      .join('');
  } else {
    top = `<path d="${HAIR_TOP[style]}" fill="${hair}"${style === 'buzz' ? ' fill-opacity=".75"' : ''}/>`;
  }
  const beard =
    style === 'buzz' || (style === 'side' && rng.chance(0.5))
      ? `<path d="M90 124C94 172 162 172 166 124C158 152 142 160 128 160C114 160 98 152 90 124Z" fill="${hair}"/>`
      : '';
  const glasses = rng.chance(0.3)
    ? `<g fill="none" stroke="#1f2937" stroke-width="3"><circle cx="111" cy="116" r="12"/><circle cx="145" cy="116" r="12"/><path d="M123 116h10"/></g>`
    : '';
  const face =
    `<circle cx="111" cy="116" r="4" fill="#1f2937"/><circle cx="145" cy="116" r="4" fill="#1f2937"/>` +
    `<path d="M116 140Q128 148 140 140" fill="none" stroke="#7a3e2c" stroke-width="3" stroke-linecap="round"/>`;
  return svg(
    256,
    256,
    `<rect width="256" height="256" fill="${hsl(bgHue, 55, 84)}"/>${back}` +
      `<path d="M36 256C36 196 76 178 128 178C180 178 220 196 220 256Z" fill="${shirt}"/>` +
      `<rect x="110" y="146" width="36" height="40" rx="14" fill="${skin}"/>` +
      `<ellipse cx="128" cy="112" rx="44" ry="52" fill="${skin}"/>${top}${beard}${face}${glasses}`,
  );
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/** A monogram on the organizer's colours with a small geometric accent. */
export function organizerLogo(index: number, rng: Random = createRandom(`organizer:${index}`)): string {
  const organizer = ORGANIZERS[index];
  if (!organizer) throw new Error(`No organizer ${index}`);
  const [bg, accent] = organizer.colors;
  const accentShape = [
    `<circle cx="200" cy="56" r="26" fill="${accent}"/>`,
    `<path d="M176 72L204 28L232 72Z" fill="${accent}"/>`,
    `<rect x="178" y="34" width="44" height="44" rx="8" fill="${accent}" transform="rotate(20 200 56)"/>`,
  ][index % 3];
  const underline = `<rect x="64" y="${r1(182 + rng.int(0, 6))}" width="128" height="10" rx="5" fill="${accent}"/>`;
  return svg(
    256,
    256,
    `<rect width="256" height="256" rx="48" fill="${bg}"/>${accentShape}${underline}` +
      `<text x="128" y="136" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-size="92" font-weight="700" fill="#fff">${initials(organizer.name)}</text>`,
  );
}

/** Writes every file; returns the total number of bytes written. */
export function generateMedia(publicDir: string): { files: number; bytes: number } {
  const written = new Map<string, string>();
  for (let n = 1; n <= EVENT_COVER_COUNT; n++) written.set(eventCoverUrl(n), eventCover(n));
  written.set(COMMUNITY_EVENT_IMAGE_URL, communityCover());
  for (let n = 1; n <= AVATAR_COUNT; n++) written.set(avatarUrl(n), avatar(n));
  ORGANIZERS.forEach((o, i) => written.set(organizerLogoUrl(slugify(o.name)), organizerLogo(i)));

  // Remove files of earlier runs that are no longer generated.
  for (const folder of ['events', 'avatars', 'organizers']) {
    const dir = join(publicDir, 'media', folder);
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.svg') && !written.has(`/media/${folder}/${file}`)) rmSync(join(dir, file));
    }
  }
  let bytes = 0;
  for (const [url, content] of written) {
    writeFileSync(join(publicDir, url), content);
    bytes += Buffer.byteLength(content);
  }
  return { files: written.size, bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url));
  const { files, bytes } = generateMedia(publicDir);
  console.log(`Wrote ${files} SVG files (${(bytes / 1024).toFixed(1)} KB) to public/media/`);
}
