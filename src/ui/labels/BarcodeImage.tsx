// A barcode as an image: Code 128 for lot numbers (what every handheld scanner reads), QR for locations. Drawn as SVG by
// bwip-js, loaded with the first label (its encoders are a chunk of their own), and shown through a data: URL so no
// markup of ours or the code's is injected into the page.
import { useEffect, useState } from 'react';
import { LabelMessages } from '../../protocol/messages';

export type BarcodeKind = 'code128' | 'qrcode';

async function drawSvg(kind: BarcodeKind, text: string): Promise<string> {
  const { code128, qrcode, drawingSVG } = await import('bwip-js/browser');
  const encode = kind === 'code128' ? code128 : qrcode;
  // Bar height and module size in bwip-js units (mm at scale 1): sharp at any print size, the SVG scales.
  return encode({ bcid: kind, text, scale: 2, height: 10, includetext: false, paddingwidth: 4, paddingheight: 4 }, drawingSVG());
}

export function BarcodeImage({ kind, text, className }: { kind: BarcodeKind; text: string; className?: string }) {
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
  return src === undefined ? <span className={className} aria-busy="true" /> : <img src={src} alt={LabelMessages.barcodeAlt(text)} className={className} />;
}
