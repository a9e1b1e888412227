// The image manager for a box or a UPC (spec §2 Image manager). Placeholder: the title, or the spec's
// message for an invalid type. The route validates the search params; this screen shows what it was given.
import { ClientMessages } from '../../protocol/messages';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Warning } from '../../ui/Warning';

export type ImageOwnerType = 'box' | 'upc';

interface Props {
  readonly identifier: string;
  readonly type: ImageOwnerType | undefined;
  /** The type as it appeared in the URL, for the message when it is invalid. */
  readonly rawType: string;
}

export function ImageManagerScreen({ identifier, type, rawType }: Props) {
  if (type === undefined) return <Warning>{ClientMessages.invalidImageType(rawType)}</Warning>;
  return <ScreenTitle>{`Image Manager (${type} ${identifier})`}</ScreenTitle>;
}
