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

/** A MIME part's body as text, decoded by its Content-Transfer-Encoding. */
function decodeBody(head: string, body: string): string {
  if (/^Content-Transfer-Encoding: *quoted-printable/im.test(head))
    return decodeQuotedPrintable(body);
  if (/^Content-Transfer-Encoding: *base64/im.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** The leaf parts of a MIME entity, as content type and decoded body (nested multiparts too). */
function mimeParts(raw: string): { type: string; body: string }[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  // Header lines may be folded: a boundary parameter can sit on the next line.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const type = /^Content-Type: *([\w/-]+)/im.exec(unfolded)?.[1]?.toLowerCase() ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [{ type, body: decodeBody(head, body) }];
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return body
    .split(new RegExp(`\\r?\\n?--${escaped}(?:--)?\\r?\\n?`))
    .filter((part) => /^Content-Type:/im.test(part))
    .flatMap((part) => mimeParts(part));
}

/**
 * The mails written so far to `to`, oldest first: subject, the decoded text part, the decoded
 * HTML part ('' when there is none) and the content types of all parts.
 */
export async function mailsTo(t: TestContext, to: string) {
  // Account mails go out after the answer (lib/background.ts): wait for those queued so far.
  await t.app.background.idle();
  const dir = join(t.mailDir, 'mail');
  const files = (await readdir(dir).catch(() => [])).sort();
  const mails = [];
  for (const file of files) {
    const raw = await readFile(join(dir, file), 'utf8');
    const [head = ''] = raw.split(/\r?\n\r?\n/);
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(head)) continue;
    const parts = mimeParts(raw);
    mails.push({
      subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
      contentType: /^Content-Type: *([\w/-]+)/im.exec(head)?.[1]?.toLowerCase() ?? '',
      types: parts.map((part) => part.type),
      text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
      html: parts.find((part) => part.type === 'text/html')?.body ?? '',
    });
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
