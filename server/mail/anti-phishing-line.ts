// The fixed line that carries the account's anti-phishing code at the end of every mail and SMS
// sent to a logged-in user's own account, so a message without it is told apart as a fake.
import type { Language } from '../../schemas/languages.ts';

const lines: Record<Language, string> = {
  en: 'Your anti-phishing code: {code}',
  zh: '您的防钓鱼码：{code}',
  de: 'Ihr Anti-Phishing-Code: {code}',
  fr: 'Votre code anti-hameçonnage : {code}',
  he: 'קוד האנטי-פישינג שלך: {code}',
  it: 'Il tuo codice anti-phishing: {code}',
  pt: 'O seu código anti-phishing: {code}',
  es: 'Tu código antiphishing: {code}',
  bl: 'Twój kod antyphishingowy: {code}',
};

export function antiPhishingLine(language: Language, code: string): string {
  return lines[language].replace('{code}', () => code);
}

/** The text with the line appended when the account has a code; unchanged otherwise. */
export function withAntiPhishing(
  language: Language,
  text: string,
  code: string | null | undefined,
) {
  return code ? `${text}\n\n${antiPhishingLine(language, code)}` : text;
}
