// The one toast container (spec §9: top-right, auto close 5000 ms, draggable, drag removal at 80 percent).
// The unstyled entry plus the explicit stylesheet keeps the CSS in the bundle, not injected at runtime.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

export const TOAST_AUTO_CLOSE_MS = 5000; // spec §9
export const TOAST_DRAG_PERCENT = 80; // spec §9

export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggable
      draggablePercent={TOAST_DRAG_PERCENT}
    />
  );
}
