import nodemailer from 'nodemailer';

/** An e-mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a digest's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Sends through `SMTP_URL` (smtp://user:pass@host:port); resolves false when no SMTP is set. */
export async function sendMail(smtpUrl: string | undefined, mail: Mail): Promise<boolean> {
  if (!smtpUrl) return false;
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({ from: 'Storelens <no-reply@storelens.local>', ...mail });
    return true;
  } finally {
    transport.close();
  }
}
