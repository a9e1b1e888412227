// Setting up a device (issue 30): every word of the server's /setup page, shown on the plain HTTP port to a phone,
// tablet or computer before it trusts LotDesk. Plain words for shop staff; no screen of the app uses these.

export const SetupMessages = {
  pageTitle: 'Set up this device — LotDesk',
  brand: 'LotDesk',
  heading: 'Set up this device',
  intro: 'Do this once on each phone, tablet or computer that will use LotDesk. It takes about two minutes.',
  /** A step's heading: its number in the page, then what it is. */
  step: (number: number, title: string) => `${number}. ${title}`,
  /**
   * Per kind of device the page tells apart by its User-Agent: where its steps begin. The other devices' steps are
   * folded under these words too, in case the guess is wrong.
   */
  deviceHeading: {
    ios: 'On an iPhone or iPad',
    android: 'On an Android phone or tablet',
    desktop: 'On a computer (Windows, Mac or Linux)',
  },
  otherDevices: 'Using another kind of device? Open its steps:',

  // the certificate (TLS=auto)
  certificateHeading: 'Install the LotDesk certificate',
  certificateWhy:
    'LotDesk keeps its connection private with its own certificate. Install it once, and this device will trust LotDesk.',
  download: 'Download the certificate',
  certificateSteps: {
    ios: [
      'Open this page in Safari (other browsers cannot install a certificate).',
      'Tap "Download the certificate" above, then tap Allow.',
      'Open Settings. Tap "Profile Downloaded" near the top, then tap Install and enter your passcode.',
      'Then go to Settings → General → About → Certificate Trust Settings and turn on "LotDesk".',
    ],
    android: [
      'Tap "Download the certificate" above.',
      'Open Settings → Security (or "Security & privacy").',
      'Tap "Encryption & credentials" (on some phones under "More security settings").',
      'Tap "Install a certificate", then "CA certificate", then "Install anyway".',
      'Choose the downloaded file LotDesk-CA.crt.',
    ],
    desktop: [
      'Click "Download the certificate" above.',
      'Windows: double-click LotDesk-CA.crt → Install Certificate → Local Machine → "Place all certificates in the following store" → Trusted Root Certification Authorities → Finish.',
      'Mac: double-click LotDesk-CA.crt and add it to the System keychain. In Keychain Access, double-click "LotDesk", open Trust and choose "Always Trust".',
      'Linux with Chrome: Settings → Privacy and security → Security → Manage certificates → Authorities → Import, and tick "Trust this certificate for identifying websites".',
      'Firefox (any system): Settings → Privacy & Security → View Certificates → Authorities → Import, and tick "Trust this CA to identify websites".',
    ],
  },
  fingerprintLabel: 'Certificate fingerprint (SHA-256):',
  fingerprintHint:
    "It must match the fingerprint on the LotDesk Devices screen (or in the server's start log). If it does not, do not install it: ask whoever runs the LotDesk server.",

  // the check (a small script; without it the Open step's note says how to tell)
  checkHeading: 'Check',
  checkWhy: 'This checks whether this device already trusts LotDesk.',
  checking: 'Checking…',
  trusted: 'This device trusts LotDesk.',
  notTrusted: 'This device does not trust LotDesk yet: install the certificate above, then check again.',
  checkAgain: 'Check again',

  // opening the app
  openHeading: 'Open LotDesk',
  open: 'Open LotDesk',
  address: "LotDesk's address:",
  /** Under the Open link when a certificate is involved: how to tell, with no script, that it is not installed. */
  notSecureHint:
    'If the browser then says "not secure" or "your connection is not private", the certificate is not installed yet: go back to step 1.',

  // installing the app
  installHeading: 'Install the app',
  installWhy: 'Add LotDesk to the home screen or desktop so it opens like any other app.',
  installSteps: {
    ios: ['In Safari, open LotDesk, tap Share (the square with an arrow), then "Add to Home Screen".'],
    android: ['In Chrome, open LotDesk and tap "Install app" when it is offered, or open the menu ⋮ → "Install app" (or "Add to Home screen").'],
    desktop: ['In Chrome or Edge, open LotDesk and click the install icon at the right end of the address bar, then Install.'],
  },
} as const;
