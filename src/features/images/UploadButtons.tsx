// The image manager's way in for files (spec §2 Image manager, issue 14): a multi-file picker of images, and on a
// phone or tablet (a touch screen) a "Take photo" button that opens the camera (capture=environment). Each is a real
// <input type=file> inside a 44 px label, so touch, keyboard and screen readers all reach it.
import { useId, type ChangeEvent } from 'react';
import { ImageManagerMessages } from '../../protocol/messages';
import { buttonClass } from '../../ui/button';
import { useMediaQuery } from '../../ui/use-media-query';

/** A touch screen: the devices with a camera at hand (a desk's webcam is no way to photograph items). */
const TOUCH_QUERY = '(pointer: coarse)';

interface FileButtonProps {
  readonly label: string;
  readonly multiple?: boolean;
  readonly capture?: 'environment';
  readonly tone?: keyof typeof buttonClass;
  readonly onFiles: (files: File[]) => void;
}

function FileButton({ label, multiple = false, capture, tone = 'secondary', onFiles }: FileButtonProps) {
  const id = useId();
  const changed = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = [...(event.target.files ?? [])];
    // Cleared so the same photo or file chosen again is read again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <label htmlFor={id} className={`${buttonClass[tone]} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600`}>
      {label}
      <input id={id} type="file" accept="image/*" multiple={multiple} capture={capture} className="sr-only" onChange={changed} />
    </label>
  );
}

export function UploadButtons({ onFiles }: { onFiles: (files: File[]) => void }) {
  const touch = useMediaQuery(TOUCH_QUERY);
  return (
    <div role="group" aria-label={ImageManagerMessages.upload} className="flex flex-wrap gap-2">
      <FileButton label={ImageManagerMessages.upload} multiple tone="primary" onFiles={onFiles} />
      {touch && <FileButton label={ImageManagerMessages.takePhoto} capture="environment" onFiles={onFiles} />}
    </div>
  );
}
