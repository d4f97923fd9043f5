import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';
import type { QrDialogMode } from './QrDialog';

/** 'My QR code' and 'Scan': exchanging profiles in person (issue 11). */
export function QrExchangeButtons({ size }: { size?: 'sm' }) {
  const [dialog, setDialog] = useState<ReactNode>(null);
  // Everything QR (qrcode, the reader, zxing's WebAssembly) loads when a button is pressed.
  const open = (mode: QrDialogMode) =>
    import('./QrDialog')
      .then(({ QrDialog }) => setDialog(<QrDialog mode={mode} onClose={() => setDialog(null)} />))
      // Offline before the service worker held the app: its code is not on the device yet.
      .catch(() => toast({ title: "Can't open this offline yet", variant: 'destructive' }));
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => open('code')}>
        My QR code
      </Button>
      <Button variant="secondary" size={size} onClick={() => open('scan')}>
        Scan
      </Button>
      {dialog}
    </>
  );
}
