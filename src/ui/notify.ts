// Toasts, alerts and sounds for the whole app (spec §8/§9): react-toastify and Web Audio behind the sync
// Notifier interface, so sync code raises messages without knowing the libraries. The container's settings
// live in Toasts.tsx.
import { toast } from 'react-toastify/unstyled';
import type { Notifier } from '../sync/feedback/notifier';
import { playSound } from './sounds';

export const toastNotifier: Notifier = {
  success: (text) => void toast.success(text),
  info: (text) => void toast.info(text),
  warning: (text) => void toast.warning(text),
  error: (text) => void toast.error(text),
  alert: (text) => window.alert(text),
  sound: playSound,
};
