import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from './helpers.ts';

/** Quoted-printable, as nodemailer writes text with non-ASCII or long lines. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The mails written so far to `to`, oldest first: subject and decoded text. */
export async function mailsTo(t: TestContext, to: string) {
  // Account mails go out after the answer (lib/background.ts): wait for those queued so far.
  await t.app.background.idle();
  const dir = join(t.mailDir, 'mail');
  const files = (await readdir(dir).catch(() => [])).sort();
  const mails = [];
  for (const file of files) {
    const raw = await readFile(join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(head)) continue;
    const body = rest.join('\n\n');
    const text = /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
    mails.push({ subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', text });
  }
  return mails;
}

/** The token of the newest link of `path` (`confirm-email`, `reset-password`) mailed to `to`. */
export async function linkToken(t: TestContext, to: string, path: string): Promise<string> {
  const mails = await mailsTo(t, to);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`/account/${path}/\\?token=([\\w-]+)`).exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}
