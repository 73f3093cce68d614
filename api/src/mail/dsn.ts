/**
 * Delivery status notifications (RFC 3464), as the mail services send them back to the site's
 * mailbox when a learner's mailbox turns out not to exist after our server accepted the mail:
 * a `multipart/report; report-type=delivery-status` message whose parts are a human text, the
 * machine-readable `message/delivery-status` and the original's headers (`text/rfc822-headers`)
 * or the whole original (`message/rfc822`). A small MIME reader of our own: only the structure
 * and the header-like fields are needed, never the human text (which is GBK at some services).
 */

export type DsnAction = 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded';

export interface Dsn {
  /** The original's Message-ID, angle brackets removed; null when the DSN does not carry it. */
  messageId: string | null;
  /** Where the DSN was sent (To, Delivered-To, X-Original-To): with VERP, the mail's own bounce address. */
  addressedTo: string[];
  /** The failed (or delayed …) recipient (`Final-Recipient`), without `rfc822;`. */
  recipient: string | null;
  action: DsnAction | null;
  /** `Status: 5.1.1`. */
  status: string | null;
  /** `Diagnostic-Code` without its type (`smtp;`), unfolded; null when the DSN gives none. */
  diagnostic: string | null;
}

type Headers = Map<string, string[]>;

interface Part {
  headers: Headers;
  body: string;
}

/** Header block and body, split at the first empty line; folded lines joined. */
function splitEntity(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.search(/\n\n/);
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  return { headers: parseFields(head), body };
}

/** `Name: value` lines (RFC 5322 fields, and the DSN's own groups), continuation lines unfolded. */
function parseFields(block: string): Headers {
  const headers: Headers = new Map();
  let last: { name: string; value: string } | null = null;
  const flush = () => {
    if (!last) return;
    const list = headers.get(last.name) ?? [];
    list.push(last.value.trim());
    headers.set(last.name, list);
  };
  for (const line of block.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    flush();
    last = { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) };
  }
  flush();
  return headers;
}

const first = (headers: Headers, name: string): string | null => headers.get(name)?.[0] ?? null;

interface ContentType {
  type: string;
  params: Map<string, string>;
}

function contentTypeOf(headers: Headers): ContentType {
  const value = first(headers, 'content-type') ?? 'text/plain';
  const [type = 'text/plain', ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    params.set(
      param.slice(0, equals).trim().toLowerCase(),
      param
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The body as text: base64 and quoted-printable decoded (as UTF-8; the fields read here are ASCII). */
function decodedBody(part: Part): string {
  const encoding = (first(part.headers, 'content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      part.body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return part.body;
}

/** The parts of a multipart body, in order; nested multiparts flattened. */
function leavesOf(part: Part, depth = 0): Part[] {
  const type = contentTypeOf(part.headers);
  const boundary = type.params.get('boundary');
  if (!type.type.startsWith('multipart/') || !boundary || depth > 5) return [part];
  const delimiter = `--${boundary}`;
  const leaves: Part[] = [];
  const chunks = part.body.split('\n');
  let current: string[] | null = null;
  for (const line of chunks) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) leaves.push(...leavesOf(splitEntity(current.join('\n')), depth + 1));
      current = trimmed === delimiter ? [] : null;
      if (trimmed !== delimiter) break;
      continue;
    }
    current?.push(line);
  }
  return leaves;
}

function withoutBrackets(id: string): string {
  return id.trim().replace(/^<|>$/g, '').trim();
}

/** An address out of `Name <a@b>` or `rfc822; a@b`. */
function addressOf(value: string): string {
  const angle = /<([^>]+)>/.exec(value);
  return (angle ? angle[1]! : value.replace(/^[^;]*;/, '')).trim().toLowerCase();
}

const ACTIONS: readonly DsnAction[] = ['failed', 'delayed', 'delivered', 'relayed', 'expanded'];

/**
 * The DSN in `raw` (a whole message as received), or null when it is not one (an auto-reply, a
 * newsletter, a human's mail in the site's mailbox). Of several recipients the first failed
 * one is reported (our mails have one recipient each).
 */
export function parseDsn(raw: string | Buffer): Dsn | null {
  const message = splitEntity(typeof raw === 'string' ? raw : raw.toString('utf8'));
  const type = contentTypeOf(message.headers);
  if (type.type !== 'multipart/report' || type.params.get('report-type')?.toLowerCase() !== 'delivery-status')
    return null;
  const leaves = leavesOf(message);
  const status = leaves.find((leaf) =>
    ['message/delivery-status', 'message/global-delivery-status'].includes(contentTypeOf(leaf.headers).type),
  );
  if (!status) return null;
  // Per-message fields, then one group per recipient, separated by empty lines.
  const groups = decodedBody(status)
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map(parseFields)
    .filter((group) => group.size > 0);
  const recipients = groups.filter((group) => group.has('action') || group.has('final-recipient'));
  const chosen =
    recipients.find((group) => first(group, 'action')?.toLowerCase() === 'failed') ?? recipients[0] ?? null;
  const action = chosen ? first(chosen, 'action')?.toLowerCase() : undefined;
  const diagnostic = chosen ? first(chosen, 'diagnostic-code') : null;

  const original = leaves.find((leaf) =>
    ['text/rfc822-headers', 'message/rfc822', 'message/global', 'message/global-headers'].includes(
      contentTypeOf(leaf.headers).type,
    ),
  );
  const originalId = original ? first(splitEntity(decodedBody(original)).headers, 'message-id') : null;

  const addressedTo = ['to', 'delivered-to', 'x-original-to']
    .flatMap((name) => message.headers.get(name) ?? [])
    .flatMap((value) => value.split(','))
    .map(addressOf)
    .filter((address) => address.includes('@'));
  return {
    messageId: originalId ? withoutBrackets(originalId) : null,
    addressedTo: [...new Set(addressedTo)],
    recipient: chosen && first(chosen, 'final-recipient') ? addressOf(first(chosen, 'final-recipient')!) : null,
    action: action && (ACTIONS as readonly string[]).includes(action) ? (action as DsnAction) : null,
    status: chosen ? (first(chosen, 'status')?.split(/\s/)[0] ?? null) : null,
    diagnostic: diagnostic ? diagnostic.replace(/^[^;]*;\s*/, '').replace(/\s+/g, ' ') : null,
  };
}
