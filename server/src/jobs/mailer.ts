import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Stable per message, so that a receiving server can tell a repeat from a new message. */
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 60_000;

/** SMTP through nodemailer; without SMTP_URL, messages are written to the log instead of sent. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(message) {
        log.info({ mail: message }, 'email not sent: SMTP_URL is not set');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
      });
    },
    close() {
      transport.close();
    },
  };
}
