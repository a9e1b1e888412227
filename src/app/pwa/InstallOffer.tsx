// The install offer under the top bar (issue 33), for a signed-in person: Chrome's prompt behind Install, or, in
// Safari's engine, the steps to add the app to the home screen. 'Not now' puts it away for good on this device.
import { useEffect, useSyncExternalStore } from 'react';
import { InstallMessages } from '../../protocol/messages';
import { useSession } from '../../sync/hooks';
import { buttonClass } from '../../ui/button';
import { dismissInstall, installOffer, promptInstall, watchInstall } from './install';

export function InstallOffer() {
  const { token } = useSession();
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.get);
  useEffect(watchInstall, []);

  if (token === undefined || offer.kind === 'none') return null;
  return (
    <section aria-label={InstallMessages.title} data-testid="install-offer" className="flex flex-wrap items-center gap-3 border-b border-blue-200 bg-blue-50 px-4 py-2 text-blue-950">
      <p className="grow">
        {InstallMessages.offer}
        {offer.kind === 'steps' && <> {offer.steps}</>}
      </p>
      {offer.kind === 'prompt' && (
        <button type="button" className={buttonClass.primary} onClick={() => void promptInstall()}>
          {InstallMessages.install}
        </button>
      )}
      <button type="button" className={buttonClass.secondary} onClick={dismissInstall}>
        {InstallMessages.notNow}
      </button>
    </section>
  );
}
