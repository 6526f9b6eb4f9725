import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type MailerOptions = {
  /** e.g. `smtp://user:pass@host:2525` or `smtps://…`; without it mails are written to disk. */
  smtpUrl?: string;
  dataDir: string;
  from: string;
  logger: MailLogger;
};

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type SendResult = { messageId: string; file?: string };

export type Mailer = {
  send(message: MailMessage): Promise<SendResult>;
  close(): Promise<void>;
};

// Sortable, filesystem-safe on every OS (no colons), so `ls` shows mails in send order.
function fileStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * One transport for every mail the shop sends. A real SMTP server when configured; otherwise the
 * fully built RFC 822 message lands in `{dataDir}/mail` so a fresh install works without any mail
 * setup and the developer can open the .eml to see exactly what would have been sent.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, dataDir, from, logger } = options;

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        try {
          const info = await transport.sendMail({ from, ...message });
          logger.info({ to: message.to, messageId: info.messageId }, 'mail sent');
          return { messageId: info.messageId };
        } catch (err) {
          // The SMTP URL may carry a password; log the recipient and error, never the URL.
          logger.error({ err, to: message.to }, 'mail sending failed');
          throw err;
        }
      },
      async close() {
        transport.close();
      },
    };
  }

  const mailDir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        const raw = info.message;
        // `buffer: true` guarantees a Buffer; the check narrows the declared Buffer | Readable.
        if (!Buffer.isBuffer(raw)) throw new Error('stream transport did not return a buffer');
        await mkdir(mailDir, { recursive: true });
        const file = path.join(
          mailDir,
          `${fileStamp(new Date())}-${randomBytes(4).toString('hex')}.eml`,
        );
        await writeFile(file, raw);
        logger.info({ file }, 'mail written');
        return { messageId: info.messageId, file };
      } catch (err) {
        logger.error({ err, to: message.to }, 'mail writing failed');
        throw err;
      }
    },
    async close() {
      transport.close();
    },
  };
}
