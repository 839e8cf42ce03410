// Settings of outgoing mail (docs/operations.md § Settings): the SMTP server, if any (without one
// codes are logged instead), and the sender mails carry.
import { z } from 'zod';

/** The variables, spread into the settings schema of config.ts. */
export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.localhost>'),
};

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

type MailEnv = z.output<z.ZodObject<typeof mailEnvShape>>;

export function mailSettingsOf(env: MailEnv): MailSettings {
  return { smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM };
}
