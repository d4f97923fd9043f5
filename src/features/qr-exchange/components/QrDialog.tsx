import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { SCANNED_STATE } from '../../../lib/scan-navigation';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { keepMyShareLink } from '../api/my-share-link';
import type { ProfileLink } from '../profile-link';
import { MyQrCode } from './MyQrCode';
import { QrScanner } from './QrScanner';
import './qr-exchange.css';

export type QrDialogMode = 'code' | 'scan';

/**
 * The in-person exchange, loaded when 'My QR code' or 'Scan' is pressed (with qrcode and the
 * reader's code): the member's own code, or the scanner, which opens a scanned profile with Connect.
 */
export function QrDialog({ mode, onClose }: { mode: QrDialogMode; onClose: () => void }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Scanning online also keeps the member's own code for when the venue's network is gone.
  useEffect(() => void keepMyShareLink(queryClient), [queryClient]);
  const open = (link: ProfileLink) => {
    onClose();
    navigate(link.path, { state: SCANNED_STATE });
  };
  return (
    <Dialog open title={mode === 'code' ? 'My QR code' : 'Scan a QR code'} onClose={onClose} className="qr-dialog">
      {mode === 'code' ? <MyQrCode /> : <QrScanner onFound={open} />}
      <div className="qr-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
