import { useState } from 'react';
import { CalendarIcon } from '../../../ui/icons';

/** The demo covers are 1200 x 630; width and height reserve that shape before the image arrives (no layout shift). */
export const EVENT_IMAGE_WIDTH = 1200;
export const EVENT_IMAGE_HEIGHT = 630;

export interface EventImageProps {
  src: string | null | undefined;
  className?: string;
  /** 'eager' for images on the first screen, 'lazy' (the default) for the rest. */
  loading?: 'eager' | 'lazy';
}

/**
 * An event's cover ('/media/...' URLs from the API), decorative: the name is next to it. Without an
 * image, or when it fails to load, a quiet placeholder of the same size takes its place.
 */
export function EventImage({ src, className, loading = 'lazy' }: EventImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['event-image', className].filter(Boolean).join(' ');
  if (!src || failed === src) {
    return (
      <div className={`${classes} event-image--empty`} aria-hidden="true">
        <CalendarIcon width="28" height="28" />
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt=""
      width={EVENT_IMAGE_WIDTH}
      height={EVENT_IMAGE_HEIGHT}
      loading={loading}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
