// The admins' Devices screen (issue 30): how a new tablet or phone gets onto this server. The setup page's QR codes
// and addresses, the certificate's fingerprint to compare, the app's https addresses, and what "not secure" means;
// with the shop's own certificate just the addresses, with HTTPS off the plain ones. Needs the connection.
import type { ReactNode } from 'react';
import { appAddress, fingerprintGroups, plainAddress, setupAddress, useDeviceSetup } from '../../domains/devices';
import type { DeviceSetup } from '../../protocol/devices';
import { DeviceMessages as T } from '../../protocol/messages';
import { useOffline, useSession } from '../../sync/hooks';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Warning } from '../../ui/Warning';
import { AddressCodes, AddressList } from './AddressCodes';

const H2 = 'text-lg font-semibold text-slate-900';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h2 className={H2}>{title}</h2>
      {children}
    </section>
  );
}

function Fingerprint({ value }: { value: string }) {
  return (
    <Section title={T.fingerprintTitle}>
      {/* Groups of eight pairs wrap as wholes; the text read out (and copied) is the fingerprint as it is. */}
      <p className="rounded-md border border-slate-200 bg-white p-3 font-mono text-base text-slate-900" data-testid="ca-fingerprint">
        {fingerprintGroups(value).map((group) => (
          <span key={group} className="inline-block break-all">
            {group}
          </span>
        ))}
      </p>
      <p className="text-slate-700">{T.fingerprintHint}</p>
    </Section>
  );
}

function NotSecureAdvice() {
  return (
    <Section title={T.notSecureTitle}>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-slate-800">
        {T.notSecure.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Section>
  );
}

const defined = (addresses: ReadonlyArray<string | undefined>): string[] => addresses.filter((address) => address !== undefined);

/** TLS=auto: the server is its own certificate authority, installed on each device through /setup. */
function OwnAuthority({ facts }: { facts: DeviceSetup }) {
  const noHosts = facts.hosts.length === 0;
  return (
    <>
      <Section title={T.setupTitle}>
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-slate-800">
          {T.setupSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {noHosts ? <Warning>{T.noHosts}</Warning> : <AddressCodes addresses={facts.hosts.map((host) => setupAddress(facts, host))} />}
      </Section>
      {facts.caFingerprint !== undefined && <Fingerprint value={facts.caFingerprint} />}
      {!noHosts && (
        <Section title={T.appTitle}>
          <AddressList addresses={defined(facts.hosts.map((host) => appAddress(facts, host)))} />
        </Section>
      )}
      <NotSecureAdvice />
    </>
  );
}

function Facts({ facts }: { facts: DeviceSetup }) {
  if (facts.mode === 'auto') return <OwnAuthority facts={facts} />;
  if (facts.hosts.length === 0) return <Warning>{T.noHosts}</Warning>;
  if (facts.mode === 'files') {
    return (
      <Section title={T.appTitle}>
        <p className="text-slate-800">{T.filesIntro}</p>
        <AddressCodes addresses={defined(facts.hosts.map((host) => appAddress(facts, host)))} />
      </Section>
    );
  }
  return (
    <Section title={T.offTitle}>
      <p className="text-slate-800">{T.offIntro}</p>
      <AddressList addresses={facts.hosts.map((host) => plainAddress(facts, host))} />
    </Section>
  );
}

function Body() {
  const { isAdmin } = useSession();
  const { facts, refusal } = useDeviceSetup();
  const offline = useOffline();
  if (!isAdmin) return <Warning>{T.adminsOnly}</Warning>;
  if (refusal !== undefined) return <Warning>{refusal}</Warning>;
  // Offline the last answer is dropped (the domain's onDisconnect): the server's addresses may change meanwhile.
  if (offline) return <Warning>{T.offline}</Warning>;
  if (facts === undefined) return <p className="text-slate-700">{T.loading}</p>;
  return <Facts facts={facts} />;
}

export function DevicesScreen() {
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <ScreenTitle>{T.title}</ScreenTitle>
      <Body />
    </div>
  );
}
