// An image's preview cell (spec §2 Image manager, §9): the thumbnail at most 100 px; with a mouse, hovering shows a
// 400 px preview beside it; a click or tap opens the full-size modal (titled with the file name, Close), and focus
// goes back to the thumbnail after. An upload still on the device shows the same way from its file.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useObjectUrl, type PendingUpload } from '../../domains/images';
import { ImageManagerMessages } from '../../protocol/messages';
import { Dialog, DialogActions, DialogCloseButton } from '../../ui/Dialog';

/** Spec §9: the hover preview is 400 px wide (less on a narrow window), kept this far inside it. */
const PREVIEW_PX = 400;
const EDGE_PX = 8;

export interface PreviewSources {
  readonly name: string;
  readonly thumbnail: string | undefined;
  readonly preview: string | undefined;
  readonly full: string | undefined;
}

interface Placement {
  readonly left: number;
  readonly top: number;
  readonly width: number;
}

/** Beside the thumbnail (right if it fits, else left), inside the window. */
function placeBeside(box: DOMRect): Placement {
  const width = Math.min(PREVIEW_PX, window.innerWidth - 2 * EDGE_PX);
  const right = box.right + EDGE_PX;
  const left = right + width <= window.innerWidth - EDGE_PX ? right : Math.max(EDGE_PX, box.left - EDGE_PX - width);
  const top = Math.min(Math.max(EDGE_PX, box.top), Math.max(EDGE_PX, window.innerHeight - EDGE_PX - width));
  return { left, top, width };
}

/** The hover preview: in a portal, because the table's cells clip and its moving rows would carry it along. */
function HoverPreview({ src, at }: { src: string; at: Placement }) {
  return createPortal(
    <img
      src={src}
      alt=""
      data-testid="hover-preview"
      className="pointer-events-none fixed z-[60] h-auto rounded-md border border-slate-300 bg-white shadow-xl"
      style={{ left: at.left, top: at.top, width: at.width }}
    />,
    document.body,
  );
}

export function ImagePreview({ name, thumbnail, preview, full }: PreviewSources) {
  const [hover, setHover] = useState<Placement | undefined>(undefined);
  const [open, setOpen] = useState(false);
  if (thumbnail === undefined) return <span className="text-sm text-slate-600">{ImageManagerMessages.noPreview}</span>;
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-blue-600"
        aria-label={ImageManagerMessages.preview(name)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHover(placeBeside(event.currentTarget.getBoundingClientRect()))}
        onPointerLeave={() => setHover(undefined)}
        onClick={() => {
          setHover(undefined);
          setOpen(true);
        }}
      >
        <img src={thumbnail} alt="" className="block max-h-[100px] max-w-[100px] object-contain" />
      </button>
      {hover !== undefined && preview !== undefined && <HoverPreview src={preview} at={hover} />}
      <Dialog open={open} onOpenChange={setOpen} title={name} wide>
        {full !== undefined && <img src={full} alt={name} className="mx-auto block h-auto max-h-[75dvh] max-w-full object-contain" />}
        <DialogActions>
          <DialogCloseButton />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** An upload not yet on the server: every preview from its file on this device. */
export function PendingPreview({ upload }: { upload: PendingUpload }) {
  const url = useObjectUrl(upload.blob);
  return <ImagePreview name={upload.fileName} thumbnail={url} preview={url} full={url} />;
}
