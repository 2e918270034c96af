import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** One e-mail the peer received: its recipients and raw text (quoted-printable as sent). */
export interface ReceivedMail {
  to: string;
  text: string;
}

/**
 * A real SMTP server on loopback for the suite (the mail server is outside the product):
 * `SMTP_URL` points at it while the suite runs. Returns the list the mails arrive in.
 */
export function smtpPeer(): ReceivedMail[] {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('no smtp port');
    process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return received;
}
