import { useState } from 'react';
import { ImageIcon } from '../../../ui/event-icons';

/** The demo covers are 1200 x 630; width and height reserve that shape before the image arrives. */
const WIDTH = 1200;
const HEIGHT = 630;

/**
 * An event's cover, decorative (the name is next to it). Without an image, or when it fails to
 * load, a placeholder of the same shape says 'No Image'. `blurred` is the locked PRO preview.
 */
export function EventCover({ src, blurred = false }: { src: string | null | undefined; blurred?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div className="event-cover event-cover--empty">
        <ImageIcon width="32" height="32" />
        <span>No Image</span>
      </div>
    );
  }
  return (
    <div className={blurred ? 'event-cover event-cover--blurred' : 'event-cover'}>
      <img
        className="event-cover-img"
        src={src}
        alt=""
        width={WIDTH}
        height={HEIGHT}
        decoding="async"
        fetchPriority="high"
        onError={() => setFailed(src)}
        data-testid={blurred ? 'blurred-cover' : undefined}
      />
    </div>
  );
}
