// The text of a verification-code message, in the language of the request that asked for it.
import type { Language } from '../../schemas/languages.ts';
import { withAntiPhishing } from './anti-phishing-line.ts';
import type { OutgoingMessage } from './mailer.ts';

interface Template {
  subject: string;
  text: string;
}

// `{brand}`, `{code}` and `{minutes}` are filled in below.
const templates: Record<Language, Template> = {
  en: {
    subject: '{brand} verification code',
    text: 'Your {brand} verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  },
  zh: {
    subject: '{brand} 验证码',
    text: '您的 {brand} 验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略此消息。',
  },
  de: {
    subject: '{brand} Bestätigungscode',
    text: 'Ihr {brand} Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
  },
  fr: {
    subject: 'Code de vérification {brand}',
    text: 'Votre code de vérification {brand} est {code}. Il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
  },
  he: {
    subject: 'קוד אימות של {brand}',
    text: 'קוד האימות שלך ב-{brand} הוא {code}. הוא תקף למשך {minutes} דקות. אם לא ביקשת אותו, התעלם מהודעה זו.',
  },
  it: {
    subject: 'Codice di verifica {brand}',
    text: 'Il tuo codice di verifica {brand} è {code}. È valido per {minutes} minuti. Se non l’hai richiesto, ignora questo messaggio.',
  },
  pt: {
    subject: 'Código de verificação {brand}',
    text: 'O seu código de verificação {brand} é {code}. É válido por {minutes} minutos. Se não o pediu, ignore esta mensagem.',
  },
  es: {
    subject: 'Código de verificación de {brand}',
    text: 'Tu código de verificación de {brand} es {code}. Es válido durante {minutes} minutos. Si no lo has solicitado, ignora este mensaje.',
  },
  bl: {
    subject: 'Kod weryfikacyjny {brand}',
    text: 'Twój kod weryfikacyjny {brand} to {code}. Jest ważny przez {minutes} minut. Jeśli go nie zamawiałeś, zignoruj tę wiadomość.',
  },
};

/** `antiPhishingCode`: the account's, once set, for the codes a logged-in user asks for. */
export function codeMessage(
  language: Language,
  to: string,
  values: { brand: string; code: string; minutes: number },
  antiPhishingCode?: string | null,
): OutgoingMessage {
  const fill = (text: string) =>
    text.replace(/\{(brand|code|minutes)\}/g, (_, key: 'brand' | 'code' | 'minutes') =>
      String(values[key]),
    );
  const template = templates[language];
  const text = withAntiPhishing(language, fill(template.text), antiPhishingCode);
  return { to, subject: fill(template.subject), text, code: values.code };
}
