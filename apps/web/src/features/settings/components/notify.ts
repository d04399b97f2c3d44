// Success and failure popups of the settings screen; success closes itself after the spec's 6000 ms.
import { notifications } from '@mantine/notifications';
import { POPUP_AUTO_CLOSE_MS } from '@quayline/domain';

export function notifySuccess({ id, title, message }: { id: string; title: string; message: string }): void {
  notifications.show({ id, title, message, color: 'green', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true, ...({ 'data-testid': id } as object) });
}

export function notifyFailure({ id, message, error }: { id: string; message: string; error: unknown }): void {
  console.error(error);
  notifications.show({ id, message, color: 'red', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true, ...({ 'data-testid': id } as object) });
}
