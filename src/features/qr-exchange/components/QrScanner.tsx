import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { parseProfileLink, type ProfileLink } from '../profile-link';
import { createQrReader } from '../qr-reader';

/** Between two reads of the camera's picture: often enough to feel instant, idle enough for a slow phone. */
const SCAN_INTERVAL_MS = 120;

export const NOT_MINGLE_CODE = "That code isn't a Mingle profile. Keep scanning.";
export const NOT_MINGLE_LINK = "That isn't a Mingle profile link.";

type Camera = 'starting' | 'on' | 'refused' | 'missing' | 'unreadable';

const CAMERA_TEXT: Record<Camera, string> = {
  starting: 'Starting the camera…',
  on: "Point the camera at the other member's QR code.",
  refused: 'Camera access was refused. Paste their profile link instead.',
  missing: 'No camera found. Paste their profile link instead.',
  unreadable: "QR codes can't be read in this browser. Paste their profile link instead.",
};

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The rear camera's picture, read for QR codes until one is a Mingle profile link (`onFound`); a
 * code that is anything else says so and scanning goes on. Without a camera, or with access
 * refused, a pasted link does the same. The camera is released when this unmounts.
 */
export function QrScanner({ onFound }: { onFound: (link: ProfileLink) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const pasteRef = useRef<HTMLInputElement>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  const [camera, setCamera] = useState<Camera>('starting');
  const [otherCode, setOtherCode] = useState(false);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Loaded and compiled while the camera starts.
    const reader = createQrReader();
    reader.catch(() => {});

    const scan = async () => {
      const video = videoRef.current;
      if (!navigator.mediaDevices?.getUserMedia || !video) {
        setCamera('missing');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : '';
        setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'missing');
        return;
      }
      if (stopped) {
        stopTracks(stream);
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => {});
      setCamera('on');
      let detector: Awaited<typeof reader>;
      try {
        detector = await reader;
      } catch {
        if (!stopped) setCamera('unreadable');
        return;
      }
      const tick = async () => {
        if (stopped) return;
        const codes = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await detector.detect(video).catch(() => []) : [];
        if (stopped) return;
        for (const code of codes) {
          const link = parseProfileLink(code.rawValue, window.location.origin);
          if (link) {
            stopped = true;
            stopTracks(stream);
            found.current(link);
            return;
          }
        }
        if (codes.length > 0) setOtherCode(true);
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void scan();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
    };
  }, []);

  const cameraFailed = camera === 'refused' || camera === 'missing' || camera === 'unreadable';
  useEffect(() => {
    if (cameraFailed) pasteRef.current?.focus();
  }, [cameraFailed]);

  const openPasted = (event: FormEvent) => {
    event.preventDefault();
    const link = parseProfileLink(pasted, window.location.origin);
    if (link) found.current(link);
    else setPasteError(true);
  };

  return (
    <div className="qr-scanner">
      <div className="qr-viewfinder" hidden={cameraFailed}>
        <video ref={videoRef} className="qr-video" muted playsInline aria-label="Camera" />
      </div>
      <p className="qr-message" role="status">
        {otherCode && camera === 'on' ? NOT_MINGLE_CODE : CAMERA_TEXT[camera]}
      </p>
      <form className="qr-paste" onSubmit={openPasted} noValidate>
        <TextField
          ref={pasteRef}
          label="Or paste their profile link"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={pasted}
          onChange={(event) => {
            setPasted(event.target.value);
            setPasteError(false);
          }}
          aria-invalid={pasteError || undefined}
          hint={pasteError ? <span role="alert">{NOT_MINGLE_LINK}</span> : undefined}
        />
        <Button type="submit" variant="secondary" disabled={pasted.trim() === ''}>
          Open
        </Button>
      </form>
    </div>
  );
}
