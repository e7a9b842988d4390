import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it receives.
 * `failNext(n)` makes the next n deliveries fail with a temporary error, as an outage would.
 */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a server killed with SIGKILL) resets its connection;
  // smtp-server reports that as an 'error' event, which unheard would fail the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (count: number) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of a mail's first part of this type: enough MIME for nodemailer's output. */
export function partOf(mail: ReceivedMail, type: string): string {
  const at = mail.raw.search(new RegExp(`^Content-Type: ${type}`, 'im'));
  if (at < 0) throw new Error(`No ${type} part`);
  // The part's headers start at its boundary line, or after the blank line before them: a mail
  // of one part may name its transfer encoding above its type.
  const before = mail.raw.slice(0, at);
  const start = Math.max(before.lastIndexOf('\n--'), before.lastIndexOf('\n\n'), before.lastIndexOf('\n\r\n'));
  const [headers = '', ...rest] = mail.raw
    .slice(Math.max(start, 0))
    .trimStart()
    .split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').split(/\r?\n--/)[0]!;
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
