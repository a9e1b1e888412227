// 'Scan with camera' beside a scan field: opens the camera full screen and hands each code it reads to the field's
// own handler, as if a hardware scanner had typed it and pressed Enter. `continuous` keeps the camera open for a run
// of scans (counting a shelf); otherwise it closes after the first read. Focus goes back to the field afterwards
// (the Dialog base returns it to the opener, or to the screen's idle focus).
import { useRef, useState } from 'react';
import { CameraMessages } from '../../protocol/messages';
import { buttonClass } from '../button';
import { Dialog, DialogActions, DialogCloseButton } from '../Dialog';
import { useCameraScan } from './use-camera-scan';

export interface CameraScanButtonProps {
  readonly onScan: (code: string) => void;
  readonly continuous?: boolean;
  readonly disabled?: boolean;
}

function CameraView({ open, onCode }: { open: boolean; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const state = useCameraScan(video, open, onCode);
  return (
    <div className="flex flex-col gap-3">
      {/* playsInline and muted: iPhones only play a camera stream inline and silently. */}
      <video ref={video} className="aspect-[4/3] w-full rounded-md bg-slate-900 object-cover" playsInline muted autoPlay aria-label={CameraMessages.aim} />
      <p role="status" className="min-h-6 text-base">
        {state.kind === 'starting' && CameraMessages.starting}
        {state.kind === 'scanning' && (state.lastRead === undefined ? CameraMessages.aim : CameraMessages.read(state.lastRead))}
        {state.kind === 'failed' && <span className="text-red-800">{state.message}</span>}
      </p>
    </div>
  );
}

export function CameraScanButton({ onScan, continuous = false, disabled = false }: CameraScanButtonProps) {
  const [open, setOpen] = useState(false);
  const onCode = (code: string) => {
    onScan(code);
    if (!continuous) setOpen(false);
  };
  return (
    <>
      <button type="button" className={buttonClass.secondary} disabled={disabled} onClick={() => setOpen(true)} aria-label={CameraMessages.open} title={CameraMessages.open}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h3l2-3h6l2 3h3v13H4z" />
          <circle cx="12" cy="13" r="4" />
        </svg>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={CameraMessages.title} fullScreen>
        {open && <CameraView open={open} onCode={onCode} />}
        <DialogActions>
          <DialogCloseButton label={CameraMessages.close} />
        </DialogActions>
      </Dialog>
    </>
  );
}
