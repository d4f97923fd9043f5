import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';
import type { QrDialogMode } from './QrDialog';

/**
 * 'My QR code' and 'Scan': exchanging profiles in person (docs/product.md section 11). Their glyphs
 * and the shorter labels of small screens are CSS (qr-exchange.css), not code: the buttons sit on
 * first screens whose JavaScript budget is used up.
 */
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
      <Button variant="secondary" size={size} className="qr-button qr-button--code" onClick={() => open('code')}>
        <span className="qr-button-label">
          My QR<span className="qr-label-rest"> code</span>
        </span>
      </Button>
      <Button variant="secondary" size={size} className="qr-button qr-button--scan" onClick={() => open('scan')}>
        <span className="qr-button-label">Scan</span>
      </Button>
      {dialog}
    </>
  );
}
