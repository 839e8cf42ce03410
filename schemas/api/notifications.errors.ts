// The notification centre's own errors (schemas/api/notifications.schema.ts): their codes, which
// the worker reads too, and what each refusal says in the nine languages. Collected in
// schemas/product-errors.ts, so that the shared catalogue names no domain.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const notificationsErrorCodes = {
  notification_not_found: 1800,
} as const satisfies ErrorCodes;

export const notificationsRefusals = {
  // Also what another user's notification answers: whether an id exists is not told.
  notification_not_found: {
    messages: {
      zh: '没有这条通知',
      en: 'No such notification',
      de: 'Diese Benachrichtigung gibt es nicht',
      fr: 'Cette notification n’existe pas',
      he: 'ההתראה אינה קיימת',
      it: 'Notifica inesistente',
      pt: 'Notificação inexistente',
      es: 'La notificación no existe',
      bl: 'Nie ma takiego powiadomienia',
    },
  },
} as const satisfies Refusals<typeof notificationsErrorCodes>;
