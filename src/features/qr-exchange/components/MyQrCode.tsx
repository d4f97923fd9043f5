import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOnline } from '../../../lib/use-online';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { myShareLinkQuery } from '../api/my-share-link';
import { qrDrawing } from '../qr-path';

export const NEVER_FETCHED_OFFLINE = "You're offline, and your QR code has not been loaded on this device yet. Open it once while online.";

/** The member's share link as a QR code, drawn black on white whatever the colour scheme (readers expect dark on light). */
export function MyQrCode() {
  const link = useQuery(myShareLinkQuery());
  const online = useOnline();
  const drawing = useMemo(() => (link.data ? qrDrawing(link.data) : null), [link.data]);

  if (drawing) {
    return (
      <figure className="qr-code">
        <svg
          className="qr-code-image"
          viewBox={`0 0 ${drawing.size} ${drawing.size}`}
          role="img"
          aria-label="QR code of your profile link"
          shapeRendering="crispEdges"
        >
          <rect width={drawing.size} height={drawing.size} fill="#fff" />
          <path d={drawing.path} fill="#000" />
        </svg>
        <figcaption className="qr-hint">Another member scans this with Scan in Mingle to connect with you.</figcaption>
      </figure>
    );
  }
  if (!online) return <p className="qr-message">{NEVER_FETCHED_OFFLINE}</p>;
  if (link.isError) {
    return (
      <div className="qr-message" role="alert">
        <p>Failed to generate share link. Please try again.</p>
        <Button variant="secondary" onClick={() => void link.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading your QR code" />;
}
