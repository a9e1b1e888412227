// The app on the device: the offer to install it (issue 33: Chrome and Edge have a prompt of their own; Safari's
// engine has none, so the app says where the person adds it themselves), and the banner of a new version.

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

/** The banner shown while a new version of the app waits (its service worker installed). */
export const UpdateMessages = {
  available: 'A new version is available',
  later: 'Later',
  reload: 'Reload',
} as const;
