import { describe, expect, it } from 'vitest';
import { canSendAsIs, jpegName, MAX_LONG_SIDE, SEND_AS_IS_MAX_BYTES, targetSize } from './photo-downscale';

describe('the size a photo is sent at', () => {
  it('brings the long side of a landscape phone photo to 1600 px, keeping its shape', () => {
    expect(targetSize({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
  });

  it('does the same for a portrait one', () => {
    expect(targetSize({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('scales a square to 1600 x 1600', () => {
    expect(targetSize({ width: 8192, height: 8192 })).toEqual({ width: 1600, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(targetSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(targetSize({ width: MAX_LONG_SIDE, height: 900 })).toEqual({ width: MAX_LONG_SIDE, height: 900 });
  });

  it('keeps at least a pixel on the short side of a very thin strip', () => {
    expect(targetSize({ width: 10_000, height: 2 })).toEqual({ width: 1600, height: 1 });
  });

  it('rounds to whole pixels', () => {
    expect(targetSize({ width: 4001, height: 3001 })).toEqual({ width: 1600, height: 1200 });
    expect(targetSize({ width: 1601, height: 1001 })).toEqual({ width: 1600, height: 1000 });
  });
});

describe('which photos go as they are', () => {
  it('sends a photo within 1600 px and 1.5 MB unchanged', () => {
    expect(canSendAsIs({ width: 1600, height: 1200 }, SEND_AS_IS_MAX_BYTES)).toBe(true);
    expect(canSendAsIs({ width: 512, height: 512 }, 40_000)).toBe(true);
  });

  it('re-encodes a photo with a long side over 1600 px, however small the file', () => {
    expect(canSendAsIs({ width: 1601, height: 900 }, 200_000)).toBe(false);
    expect(canSendAsIs({ width: 900, height: 1601 }, 200_000)).toBe(false);
  });

  it('re-encodes a photo over 1.5 MB even when its pixels are few', () => {
    expect(canSendAsIs({ width: 1200, height: 1200 }, SEND_AS_IS_MAX_BYTES + 1)).toBe(false);
  });
});

describe('the name of the re-encoded file', () => {
  it('ends in .jpg', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('holiday.photo.png')).toBe('holiday.photo.jpg');
    expect(jpegName('portrait')).toBe('portrait.jpg');
  });

  it('has a name even when the original had none', () => {
    expect(jpegName('')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
