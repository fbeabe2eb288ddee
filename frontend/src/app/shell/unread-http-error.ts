import { t } from '@/i18n/t';
import { type HttpErrorDetail, onHttpError } from '@/lib/api-client';

function messageFor({ status, message }: HttpErrorDetail): string {
  if (message !== '') return message;
  return status > 0 ? t('errors.withStatus', { status }) : t('errors.generic');
}

/**
 * The latest failure broadcast (docs/product/errors.md#the-httperror-broadcast), kept until the
 * member dismisses it. Listening starts with the app, not with the shell that shows it: a page's
 * first requests leave from its route's loader, before the shell is on screen, and their failure
 * must still be told.
 */
let unread: string | null = null;
const subscribers = new Set<() => void>();

function changeTo(message: string | null) {
  unread = message;
  for (const subscriber of subscribers) subscriber();
}

onHttpError((detail) => {
  changeTo(messageFor(detail));
});

export const unreadHttpError = {
  subscribe: (subscriber: () => void): (() => void) => {
    subscribers.add(subscriber);
    return () => {
      subscribers.delete(subscriber);
    };
  },
  message: (): string | null => unread,
  dismiss: () => {
    changeTo(null);
  },
};
