// Mail through an SMTP relay (SMTP_URL), with nodemailer: pooled, TLS per the URL scheme.
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMessage } from './mailer.ts';

export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: OutgoingMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}
