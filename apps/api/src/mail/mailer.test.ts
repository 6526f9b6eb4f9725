import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer.ts';

type Received = { from: string; to: string[]; raw: string };

function makeLogger() {
  return {
    info: vi.fn<(obj: object, msg?: string) => void>(),
    error: vi.fn<(obj: object, msg?: string) => void>(),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('createMailer with an SMTP URL', () => {
  it('delivers recipient, subject and body to a real SMTP peer', async () => {
    const received: Received[] = [];
    const server = new SMTPServer({
      authOptional: true,
      // Plain-text session: no certificates needed and nodemailer will not try to upgrade.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;

    const logger = makeLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: '/nonexistent-should-not-be-used',
      from: 'Shop <shop@example.test>',
      logger,
    });
    cleanups.push(() => mailer.close());

    const result = await mailer.send({
      to: 'buyer@example.test',
      subject: 'Your order 1001',
      text: 'Thank you for your order.',
      replyTo: 'support@example.test',
    });

    expect(result.messageId).toMatch(/@/);
    expect(result.file).toBeUndefined();
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe('shop@example.test');
    expect(mail?.to).toEqual(['buyer@example.test']);
    expect(mail?.raw).toContain('Subject: Your order 1001');
    expect(mail?.raw).toContain('To: buyer@example.test');
    expect(mail?.raw).toContain('Reply-To: support@example.test');
    expect(mail?.raw).toContain('Thank you for your order.');
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('createMailer without an SMTP URL', () => {
  it('writes one .eml file under dataDir/mail and logs its path', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-test-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const logger = makeLogger();
    const mailer = createMailer({ dataDir, from: 'shop@example.test', logger });
    cleanups.push(() => mailer.close());

    const result = await mailer.send({
      to: 'reset@example.test',
      subject: 'Reset your password',
      text: 'Follow the link to reset.',
      html: '<p>Follow the link to reset.</p>',
    });

    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(dataDir, 'mail', files[0] ?? '');
    expect(result.file).toBe(file);
    const raw = await readFile(file, 'utf8');
    expect(raw).toContain('Subject: Reset your password');
    expect(raw).toContain('To: reset@example.test');
    expect(raw).toContain('From: shop@example.test');
    expect(logger.info).toHaveBeenCalledWith({ file }, 'mail written');
  });
});
