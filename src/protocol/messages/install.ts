// The offer to install the app on the device (issue 33): Chrome and Edge have a prompt of their own; Safari's engine
// has none, so the app says where the person adds it themselves.

export const InstallMessages = {
  /** The offer's accessible name. */
  title: 'Install LotDesk',
  offer: 'Install LotDesk on this device: it opens full screen like any other app and keeps working offline.',
  install: 'Install',
  notNow: 'Not now',
  /** Every browser on an iPhone or iPad is Safari's engine: Add to Home Screen is the way. */
  iosSteps: 'Tap Share (the square with an arrow), then "Add to Home Screen".',
  macSteps: 'In Safari, choose File → "Add to Dock".',
  /** GNOME Web (Epiphany), the WebKit browser of Linux desktops. */
  gnomeSteps: 'Open the menu (☰) and choose "Install Site as Web Application".',
} as const;
