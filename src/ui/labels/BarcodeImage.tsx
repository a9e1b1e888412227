// A barcode as an image: Code 128 for lot numbers (what every handheld scanner reads), QR for locations and the Devices
// screen's setup addresses. Drawn as SVG by bwip-js, loaded with the first code (its encoders are a chunk of their
// own), and shown through a data: URL so no markup of ours or the code's is injected into the page.
import { useEffect, useState } from 'react';
import { LabelMessages } from '../../protocol/messages';

export type BarcodeKind = 'code128' | 'qrcode';

async function drawSvg(kind: BarcodeKind, text: string): Promise<string> {
  const { code128, qrcode, drawingSVG } = await import('bwip-js/browser');
  // Bar height and module size in bwip-js units (mm at scale 1): sharp at any print size, the SVG scales. A QR code
  // gets no height: given one it is stretched to it (flattened, as the location labels' were), and readers want
  // square modules. The label's image box keeps its size either way (labels.css: object-fit: contain).
  if (kind === 'qrcode') return qrcode({ bcid: kind, text, scale: 2, includetext: false, paddingwidth: 4, paddingheight: 4 }, drawingSVG());
  return code128({ bcid: kind, text, scale: 2, height: 10, includetext: false, paddingwidth: 4, paddingheight: 4 }, drawingSVG());
}

export interface BarcodeImageProps {
  readonly kind: BarcodeKind;
  readonly text: string;
  readonly className?: string;
  /** What the code is for (the Devices screen names the address); a label's says 'Barcode {text}'. */
  readonly alt?: string;
}

export function BarcodeImage({ kind, text, className, alt }: BarcodeImageProps) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    drawSvg(kind, text)
      .then((svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setSrc(undefined));
    return () => {
      current = false;
    };
  }, [kind, text]);
  return src === undefined ? <span className={className} aria-busy="true" /> : <img src={src} alt={alt ?? LabelMessages.barcodeAlt(text)} className={className} />;
}
