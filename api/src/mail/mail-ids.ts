import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Which of our mails a bounce is about, without trusting the bounce's text (docs/mail.md, "Late
 * bounces"): each mail leaves with its own `Message-ID` `<mail-<id>-<hmac>@<domain>>` and, when
 * `MAIL_BOUNCE_VERP=1`, the envelope sender (Return-Path) `<local>+bounce-<id>-<hmac>@<domain>`.
 * The HMAC is of the mail's id under `MEDIA_URL_SECRET`, bound to this purpose (as the
 * unsubscribe link's is to its own), so a forged DSN naming another mail is ignored.
 */

const PURPOSE = 'mail-bounce:';

function proofOf(secret: string, mailId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}${mailId}`).digest('hex').slice(0, 20);
}

function proven(secret: string, mailId: number, proof: string): boolean {
  const expected = Buffer.from(proofOf(secret, mailId));
  const given = Buffer.from(proof.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `noreply@example.org` out of `省药师协会 <noreply@example.org>` (or the address itself). */
export function addressOfSender(from: string): string {
  const angle = /<([^>]+)>/.exec(from);
  return (angle ? angle[1]! : from).trim();
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

/** The Message-ID header of mail `mailId`, brackets included. */
export function messageIdOf(secret: string, mailId: number, from: string): string {
  return `<mail-${mailId}-${proofOf(secret, mailId)}@${domainOf(addressOfSender(from))}>`;
}

/** The VERP envelope sender of mail `mailId`: the sender's mailbox with a sub-address. */
export function bounceAddressOf(secret: string, mailId: number, from: string): string {
  const address = addressOfSender(from);
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+bounce-${mailId}-${proofOf(secret, mailId)}${address.slice(at)}`;
}

/** The mail a Message-ID (brackets or not) names, when its proof holds; else null. */
export function mailIdOfMessageId(secret: string, messageId: string): number | null {
  const match = /^<?mail-(\d{1,12})-([0-9a-f]{20})@[^>]+>?$/i.exec(messageId.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return proven(secret, id, match[2]!) ? id : null;
}

/** The mail a VERP bounce address names, when its proof holds; else null. */
export function mailIdOfBounceAddress(secret: string, address: string): number | null {
  const match = /\+bounce-(\d{1,12})-([0-9a-f]{20})@/i.exec(address.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return proven(secret, id, match[2]!) ? id : null;
}
