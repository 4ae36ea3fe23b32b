import { notifications } from 'mantine-notifications-store';

/** Toasts (spec section 8): one at a time, at the bottom, red errors, green successes, 10 s, dismissable. */
export const TOAST_MS = 10_000;
const TOAST_ID = 'faro-toast';

let visible = false;
let flip = false;

/**
 * A new message replaces the one on screen in place (never two toasts at once). The auto-close delay alternates
 * by one millisecond so that the 10 s count starts again for the new message.
 */
function show(message: string, color: 'red' | 'green') {
  flip = !flip;
  const data = {
    id: TOAST_ID,
    message,
    color,
    autoClose: TOAST_MS + (flip ? 1 : 0),
    withCloseButton: true,
    onClose: () => {
      visible = false;
    },
  };
  if (visible) notifications.update(data);
  else {
    visible = true;
    notifications.show(data);
  }
}

export const notifyError = (message: string) => show(message, 'red');
export const notifySuccess = (message: string) => show(message, 'green');
