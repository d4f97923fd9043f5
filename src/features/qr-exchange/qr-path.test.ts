import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrDrawing } from './qr-path';

const LINK = 'https://mingle.example/users/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b/public/Xy3_-abcDEF0123456789z';

describe('qrDrawing', () => {
  it("draws exactly the code's dark modules, each a unit square inside a quiet zone of 4", () => {
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    const drawing = qrDrawing(LINK);
    expect(drawing.size).toBe(modules.size + 2 * QUIET_ZONE);
    const squares = [...drawing.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(squares.length).toBe(Array.from(modules.data).filter(Boolean).length);
    expect(drawing.path).toBe(squares.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join(''));
    for (const [x, y] of squares) {
      expect(modules.get(y - QUIET_ZONE, x - QUIET_ZONE)).toBeTruthy();
      expect(Math.min(x, y)).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(Math.max(x, y)).toBeLessThan(drawing.size - QUIET_ZONE);
    }
  });
});
