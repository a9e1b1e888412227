// The QR codes a tablet scans (issue 30): one per address, the address written under it as a link, so a device
// without a camera can type it and the admin's own device can follow it.
import { DeviceMessages } from '../../protocol/messages';
import { BarcodeImage } from '../../ui/labels/BarcodeImage';

const LINK = 'inline-flex min-h-11 items-center break-all font-medium text-blue-800 underline focus-visible:outline-2 focus-visible:outline-blue-600';

export function AddressCodes({ addresses }: { addresses: readonly string[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {addresses.map((address) => (
        <li key={address} className="flex flex-col items-center gap-2 rounded-md border border-slate-200 bg-white p-3" data-testid="address-code">
          {/* A fixed size: scannable from arm's length, and nothing moves when the code arrives. */}
          <BarcodeImage kind="qrcode" text={address} alt={DeviceMessages.qrAlt(address)} className="block size-48 max-w-full" />
          <a href={address} className={LINK}>
            {address}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Addresses as links, one a row (no codes: the https ones after setup, the plain ones with HTTPS off). */
export function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {addresses.map((address) => (
        <li key={address}>
          <a href={address} className={LINK}>
            {address}
          </a>
        </li>
      ))}
    </ul>
  );
}
