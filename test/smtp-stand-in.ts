/** A real SMTP server on loopback standing in for the mail provider: it keeps what it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpStandIn {
  url: string;
  received: { to: string[]; data: string }[];
  /** Refuses the next `n` messages (a mail server that is down), then accepts again. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: { to: string[]; data: string }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Service unavailable'), { responseCode: 451 }));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
