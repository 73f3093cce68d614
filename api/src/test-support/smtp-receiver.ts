import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package), for tests of the
 * mail the API sends: each mail it accepts is parsed (mailparser) and kept in `received`.
 * `refuse` makes it answer every RCPT with that code and text (451: try later; 550: no such
 * mailbox), as a mail server that refuses or bounces does.
 */
export interface SmtpReceiver {
  url: string;
  received: ParsedMail[];
  /** The envelope sender (MAIL FROM, the Return-Path) of each mail in `received`, in order. */
  senders: string[];
  refuse: { code: number; text: string } | null;
  /** Waits until `count` mails arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = {
    url: '',
    received: [],
    senders: [],
    refuse: null,
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${receiver.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (receiver.refuse === null) return callback();
      const error = Object.assign(new Error(receiver.refuse.text), { responseCode: receiver.refuse.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      simpleParser(stream)
        .then((mail) => {
          receiver.senders.push(sender);
          receiver.received.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return receiver;
}
