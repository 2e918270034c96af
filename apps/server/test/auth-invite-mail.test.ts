import type { InviteResponse } from '@storelens/api';
import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { smtpPeer } from './smtp-peer';

const received = smtpPeer();

describeEachEngine('invitation e-mails', (ctx) => {
  it('e-mails the invitation link to the invitee when SMTP_URL is set', async () => {
    received.length = 0;
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users',
      payload: { email: 'mailed@shop.test', role: 'analyst' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as InviteResponse;
    expect(body.emailed).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('mailed@shop.test');
    // Quoted-printable soft breaks and `=` escapes undone before looking for the link.
    const text = received[0]!.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain(new URL(body.invite_url).searchParams.get('token'));
  });
});
