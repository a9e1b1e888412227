// Setting up a tablet or phone (issue 30): what the server says when a non-admin asks, and the admins' Devices
// screen: the setup codes, the certificate's fingerprint, the app's addresses and what to do about "not secure".

export const DeviceMessages = {
  // the server's refusal (FORBIDDEN)
  adminsOnly: 'Only admins can see how devices reach this server.',
  // the menu entry and the screen
  title: 'Devices',
  loading: 'Asking the server for its addresses…',
  /** Offline: the facts are the server's network, never kept on the device (as a query waits for the connection). */
  offline: "Not connected: the Devices screen shows the server's own network addresses, so it needs the connection to the server. It loads when the connection is back.",
  noHosts: "The server sees no network address another device could use. Check that the server's computer is connected to the shop's network.",
  setupTitle: 'Set up a new tablet or phone',
  setupSteps: [
    "On the new device, scan one of these codes with the camera (or type the address under it, on the shop's Wi-Fi).",
    "The page that opens installs this server's certificate, so the device trusts it. Follow its steps.",
    'Check that the fingerprint on that page is the same as the one below.',
    'Then open the app at the https address below.',
  ],
  fingerprintTitle: 'Certificate fingerprint (SHA-256)',
  fingerprintHint: 'The setup page on the device shows the same letters and digits.',
  appTitle: 'Open the app at',
  /** With the shop's own certificate (TLS=files): nothing to install. */
  filesIntro: "The server uses the shop's own certificate: a device needs no setup. Scan a code, or type the address under it.",
  offTitle: 'HTTPS is off',
  offIntro: 'HTTPS is off on this server: a proxy in front of it handles secure connections. The server itself answers at:',
  notSecureTitle: 'If a device says "Not secure" or "Your connection is not private"',
  notSecure: [
    "This server's certificate is not installed or not trusted on that device yet: open the setup address above on it again. On an iPhone or iPad there is one more step: Settings → General → About → Certificate Trust Settings, and turn on LotDesk.",
    'The address used is not one listed here: open a listed one. When the server gets a new address it adds it to its certificate by itself within a minute.',
    "The device's date or time is wrong: set it right (automatic), then reload the page.",
  ],
  qrAlt: (address: string) => `QR code for ${address}`,
} as const;
