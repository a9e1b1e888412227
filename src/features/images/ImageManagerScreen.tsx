// The /imagemanager/{identifier}?type=box|upc page (spec §2 Image manager): a box's identifier is its lot's id and
// must be numeric ('Invalid lot ID: ...'); a type other than box or upc shows 'Invalid type: ... Should be 'box' or
// 'upc'.' A box manager asks for its lot (it needs the lot number to upload); a lot the server refuses shows the
// server's words, and the manager says 'No currentLot to upload images to.' on an upload.
import { useLot, useLotRefusal } from '../../domains/lots';
import { ClientMessages, ImageManagerMessages } from '../../protocol/messages';
import { useKeptQuery } from '../../sync/hooks';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Warning } from '../../ui/Warning';
import { subjectTitle, type ImageSubject } from './image-rows';
import { ImageManager } from './ImageManager';

export type ImageOwnerType = 'box' | 'upc';

interface Props {
  readonly identifier: string;
  readonly type: ImageOwnerType | undefined;
  /** The type as it appeared in the URL, for the message when it is invalid. */
  readonly rawType: string;
}

const LOT_ID = /^\d+$/;

function Manager({ subject }: { subject: ImageSubject }) {
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <ScreenTitle>{subjectTitle(subject)}</ScreenTitle>
      <ImageManager subject={subject} />
    </section>
  );
}

function LotManager({ lotId }: { lotId: number }) {
  const lot = useLot(lotId);
  const refusal = useLotRefusal(lotId);
  useKeptQuery('getLotById', refusal === undefined ? lotId : undefined);
  if (refusal !== undefined) {
    return (
      <div className="flex flex-col gap-3">
        <Warning>{refusal}</Warning>
        <Manager subject={{ type: 'box', lot: undefined }} />
      </div>
    );
  }
  if (lot === undefined || lot === null) return <p className="text-slate-700">{ImageManagerMessages.lotLoading}</p>;
  return <Manager subject={{ type: 'box', lot: { id: lot.id, lotNumber: lot.lotNumber } }} />;
}

export function ImageManagerScreen({ identifier, type, rawType }: Props) {
  if (type === undefined) return <Warning>{ClientMessages.invalidImageType(rawType)}</Warning>;
  if (type === 'upc') return <Manager subject={{ type: 'upc', upc: identifier }} />;
  if (!LOT_ID.test(identifier)) return <Warning>{ClientMessages.invalidLotId(identifier)}</Warning>;
  return <LotManager lotId={Number(identifier)} />;
}
