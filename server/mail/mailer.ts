// Where codes go: the outbox file in the embedded default, SMTP when SMTP_URL is set.

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The code the message carries, kept apart so tests and tools need not parse the text; absent
   * from notices, which carry none.
   */
  code?: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}
