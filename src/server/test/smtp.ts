import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it. */
export type ReceivedMail = { to: string[]; data: string };

/** A port nothing listens on right now (the OS hands it out and it is closed again). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real SMTP server on a port of the loopback interface that keeps what it receives. It can be
 * switched off and on again on the same port, so a test can stage an outage of the mail server.
 */
export function smtpSink(port: number) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  return {
    port,
    received,
    /** Every recipient of every received mail, in order. */
    recipients: () => received.flatMap((m) => m.to),
    async up() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          let data = '';
          stream.on('data', (d: Buffer) => (data += d.toString()));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    },
    async down() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
}
