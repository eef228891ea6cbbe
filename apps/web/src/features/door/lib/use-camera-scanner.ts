import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'failed';

/** Frames are read this often: enough for a ticket held up to the camera, light on a phone. */
const SCAN_INTERVAL_MS = 150;
/** The same code seen again within this time is the same scan (the ticket is still in view). */
const REPEAT_AFTER_MS = 3_000;

function cameraStateOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'unavailable';
  return 'failed';
}

/**
 * Reads QR codes from the device's camera (the back one on a phone) into `onCode` while
 * `isActive`. The reader and its WebAssembly load only when the camera is first used.
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  isActive: boolean,
  onCode: (code: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!isActive) return;
    let isStopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    const video = videoRef.current;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        const [media, { createQrDetector }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' } },
            audio: false,
          }),
          import('./qr-reader'),
        ]);
        stream = media;
        if (isStopped || !video) return;
        video.srcObject = media;
        video.muted = true;
        await video.play();
        const detector = createQrDetector();
        setState('scanning');

        const tick = async () => {
          if (isStopped) return;
          try {
            if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
              const found = await detector.detect(video);
              const code = found.find((barcode) => barcode.rawValue)?.rawValue;
              const now = Date.now();
              if (code && !isStopped && (code !== last.code || now - last.at > REPEAT_AFTER_MS)) {
                onCodeRef.current(code);
              }
              if (code) last = { code, at: now };
            }
          } catch {
            // One unreadable frame; the next one is read as usual.
          }
          if (!isStopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (!isStopped) setState(cameraStateOf(error));
      }
    }

    void start();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video) video.srcObject = null;
      // The next start begins from here.
      setState('starting');
    };
  }, [isActive, videoRef]);

  return state;
}
