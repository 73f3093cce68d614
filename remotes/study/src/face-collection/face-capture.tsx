import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@yaoshi/ui/site-alert';
import { SiteButton } from '@yaoshi/ui/site-button';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { tokens } from '@yaoshi/ui/site-tokens';

/** spec 02 §2/§4: the camera area is 401 × 300 and a photo is taken after a 5 s countdown. */
export const CAMERA_WIDTH = 401;
export const CAMERA_HEIGHT = 300;
export const CAPTURE_COUNTDOWN_SECONDS = 5;
export const JPEG_QUALITY = 0.9;

export type CameraState = 'starting' | 'ready' | 'denied';

/** Draws the current video frame on a canvas of the camera area's size and encodes it as JPEG. */
export function captureJpeg(video: HTMLVideoElement, canvas: HTMLCanvasElement): string {
  canvas.width = CAMERA_WIDTH;
  canvas.height = CAMERA_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.drawImage(video, 0, 0, CAMERA_WIDTH, CAMERA_HEIGHT);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}

/**
 * The camera, a countdown and a capture: used by /faceCollection and, later, by the
 * in-lesson face checks. `onCapture` receives a `data:image/jpeg;base64,…` URL.
 * `autoStart` begins the countdown as soon as the camera is ready.
 */
export function FaceCapture({
  onCapture,
  autoStart = false,
  disabled = false,
  startLabel = '开始采集',
}: {
  onCapture: (jpegDataUrl: string) => void;
  autoStart?: boolean;
  disabled?: boolean;
  startLabel?: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setCamera('denied');
      return undefined;
    }
    media
      .getUserMedia({ video: { width: CAMERA_WIDTH, height: CAMERA_HEIGHT }, audio: false })
      .then((s) => {
        stream = s;
        if (cancelled) return;
        const video = videoRef.current;
        if (video) {
          video.srcObject = s;
          void video.play().catch(() => undefined);
        }
        setCamera('ready');
      })
      .catch(() => {
        if (!cancelled) setCamera('denied');
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const start = useCallback(() => setRemaining(CAPTURE_COUNTDOWN_SECONDS), []);

  useEffect(() => {
    if (autoStart && camera === 'ready') start();
  }, [autoStart, camera, start]);

  useEffect(() => {
    if (remaining === null) return undefined;
    if (remaining > 0) {
      const timer = setTimeout(() => setRemaining(remaining - 1), 1000);
      return () => clearTimeout(timer);
    }
    setRemaining(null);
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (video && canvas) onCapture(captureJpeg(video, canvas));
    return undefined;
  }, [remaining, onCapture]);

  if (camera === 'denied') return <Alert type="error" title={MESSAGE_TEXTS.cameraDisabled} />;

  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
      <div
        style={{ position: 'relative', width: CAMERA_WIDTH, height: CAMERA_HEIGHT, background: tokens.colorBgMedia }}
      >
        <video ref={videoRef} width={CAMERA_WIDTH} height={CAMERA_HEIGHT} muted playsInline aria-label="摄像头画面" />
        {remaining !== null && (
          <div
            role="timer"
            aria-label="拍照倒计时"
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 64,
              color: tokens.colorTextLightSolid,
            }}
          >
            {remaining}
          </div>
        )}
      </div>
      <canvas ref={canvasRef} width={CAMERA_WIDTH} height={CAMERA_HEIGHT} style={{ display: 'none' }} />
      <SiteButton variant="primary" onClick={start} disabled={disabled || camera !== 'ready' || remaining !== null}>
        {startLabel}
      </SiteButton>
    </div>
  );
}
