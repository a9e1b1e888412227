// The camera while the scanner is open: the back camera's stream on the video element, a read every few frames, and
// each new code handed on once (the same code held in front of the camera is not read again until it has left the
// picture for a moment). The stream stops when the scanner closes: a phone's camera light must not stay on.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { CameraMessages } from '../../protocol/messages';
import { codeReader } from './detector';
import { normaliseScan } from './scan-code';

/** How often a frame is read: fast enough to feel instant, slow enough to leave a phone's CPU for the rest. */
const READ_EVERY_MS = 150;
/** A code that stays out of the picture this long may be read again (the next lot with the same label). */
const SAME_CODE_GAP_MS = 1500;

export type CameraState = { kind: 'starting' } | { kind: 'scanning'; lastRead: string | undefined } | { kind: 'failed'; message: string };

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CameraMessages.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CameraMessages.noCamera;
  return CameraMessages.failed(name || (error instanceof Error ? error.message : String(error)));
}

async function openCamera(): Promise<MediaStream> {
  if (navigator.mediaDevices === undefined) throw new Error(CameraMessages.insecure);
  return navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } } });
}

export function useCameraScan(video: RefObject<HTMLVideoElement | null>, open: boolean, onCode: (code: string) => void): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  // The latest handler, without restarting the camera when the screen passes a new function.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', seenAt: 0 };
    setState({ kind: 'starting' });

    async function readFrame(reader: Awaited<ReturnType<typeof codeReader>>, element: HTMLVideoElement) {
      if (stopped) return;
      const now = Date.now();
      const [found] = element.readyState >= element.HAVE_CURRENT_DATA ? await reader.detect(element).catch(() => []) : [];
      const code = found === undefined ? '' : normaliseScan(found.rawValue, found.format);
      if (code !== '' && !stopped) {
        const isNew = code !== last.code || now - last.seenAt > SAME_CODE_GAP_MS;
        last = { code, seenAt: now };
        if (isNew) {
          setState({ kind: 'scanning', lastRead: code });
          handler.current(code);
        }
      }
      timer = setTimeout(() => void readFrame(reader, element), READ_EVERY_MS);
    }

    async function start() {
      const element = video.current;
      if (element === null) return;
      try {
        stream = await openCamera();
        if (stopped) return;
        element.srcObject = stream;
        await element.play();
      } catch (error) {
        if (!stopped) setState({ kind: 'failed', message: error instanceof Error && error.message === CameraMessages.insecure ? error.message : cameraProblem(error) });
        return;
      }
      try {
        const reader = await codeReader();
        if (stopped) return;
        setState({ kind: 'scanning', lastRead: undefined });
        void readFrame(reader, element);
      } catch {
        if (!stopped) setState({ kind: 'failed', message: CameraMessages.readerFailed });
      }
    }

    void start();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, video]);

  return state;
}
