import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A minimal IMAP4rev1 server on a free loopback port, for tests of the mail-bounces job (no
 * maintained IMAP test server is on npm: hoodiecrow-imap is years without a release). It
 * speaks only what `imapflow` sends for that job: CAPABILITY, NOOP, LOGIN (one user),
 * NAMESPACE-less LIST/LSUB, CREATE, SUBSCRIBE, SELECT/EXAMINE, UID SEARCH (ALL, HEADER),
 * UID FETCH (UID, FLAGS, BODY[] / BODY.PEEK[]), UID MOVE, CLOSE, LOGOUT; literals both ways.
 * Mailboxes are in memory; the test puts messages in (`deliver`) and reads the folders back.
 */

interface StoredMessage {
  uid: number;
  source: Buffer;
}

interface Mailbox {
  uidNext: number;
  messages: StoredMessage[];
}

export interface ImapTestServer {
  /** `imap://user:pass@127.0.0.1:port` for BOUNCE_IMAP_URL. */
  url: string;
  /** Every folder by its (decoded) name; INBOX exists from the start. */
  folders: Map<string, Mailbox>;
  /** Puts a message into a folder (default INBOX); answers its UID. */
  deliver(source: string | Buffer, folder?: string): number;
  /** The commands received, tag removed (`UID MOVE 1 …`), for assertions. */
  commands: string[];
  close(): Promise<void>;
}

const CAPABILITIES = 'IMAP4rev1 MOVE UIDPLUS';
const UIDVALIDITY = 1;

/** RFC 3501 modified UTF-7 (mailbox names), decoded: `&XfJT0ZAB-` → 已处理… */
export function decodeMailboxName(name: string): string {
  return name.replace(/&([^-]*)-/g, (_match, encoded: string) => {
    if (encoded === '') return '&';
    const bytes = Buffer.from(encoded.replace(/,/g, '/'), 'base64');
    let text = '';
    for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return text;
  });
}

/** The reverse, for LIST answers. */
export function encodeMailboxName(name: string): string {
  return name.replace(/&/g, '&-').replace(/[^\x20-\x7e]+/g, (chunk) => {
    const bytes = Buffer.alloc(chunk.length * 2);
    for (let i = 0; i < chunk.length; i += 1) bytes.writeUInt16BE(chunk.charCodeAt(i), i * 2);
    return `&${bytes.toString('base64').replace(/=+$/, '').replace(/\//g, ',')}-`;
  });
}

type Token = string | Token[];

/** IMAP arguments: atoms, "quoted strings", literals (already read in), (lists) and [sections] kept in their atom. */
function tokenize(text: string): Token[] {
  const stack: Token[][] = [[]];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === ' ') {
      i += 1;
    } else if (char === '(') {
      const list: Token[] = [];
      stack[stack.length - 1]!.push(list);
      stack.push(list);
      i += 1;
    } else if (char === ')') {
      if (stack.length > 1) stack.pop();
      i += 1;
    } else if (char === '"') {
      let value = '';
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i += 1;
        value += text[i] ?? '';
        i += 1;
      }
      i += 1;
      stack[stack.length - 1]!.push(value);
    } else {
      let value = '';
      let depth = 0;
      while (i < text.length && (depth > 0 || !/[ ()]/.test(text[i]!))) {
        if (text[i] === '[') depth += 1;
        if (text[i] === ']') depth -= 1;
        value += text[i];
        i += 1;
      }
      stack[stack.length - 1]!.push(value);
    }
  }
  return stack[0]!;
}

const flat = (tokens: Token[]): string[] => tokens.flatMap((token) => (Array.isArray(token) ? flat(token) : [token]));

/** `1:3,5,7:*` against the UIDs present. */
function inUidSet(set: string, uid: number, highest: number): boolean {
  return set.split(',').some((range) => {
    const [from, to] = range.split(':').map((end) => (end === '*' ? highest : Number(end)));
    if (to === undefined) return uid === from;
    return uid >= Math.min(from!, to) && uid <= Math.max(from!, to);
  });
}

function headerValue(source: Buffer, name: string): string {
  const text = source.toString('utf8').replace(/\r\n/g, '\n');
  const head = text.slice(0, text.search(/\n\n/) === -1 ? text.length : text.search(/\n\n/));
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  return unfolded
    .split('\n')
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim())
    .join('\n');
}

export async function startImapTestServer(user = 'bounces@example.org', pass = '授权码'): Promise<ImapTestServer> {
  const folders = new Map<string, Mailbox>([['INBOX', { uidNext: 1, messages: [] }]]);
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = Buffer.alloc(0);
    let pending: { line: string; literalBytes: number } | null = null;
    let authenticated = false;
    let selected: string | null = null;
    const write = (text: string | Buffer) => socket.write(text);

    const answer = (tag: string, commandLine: string) => {
      const tokens = tokenize(commandLine);
      let name = String(tokens[0] ?? '').toUpperCase();
      let args = tokens.slice(1);
      let uidMode = false;
      if (name === 'UID') {
        uidMode = true;
        name = String(args[0] ?? '').toUpperCase();
        args = args.slice(1);
      }
      commands.push(`${uidMode ? 'UID ' : ''}${name} ${flat(args).join(' ')}`.trim());
      const ok = (text = `${name} completed`) => write(`${tag} OK ${text}\r\n`);
      const no = (text: string) => write(`${tag} NO ${text}\r\n`);
      switch (name) {
        case 'CAPABILITY':
          write(`* CAPABILITY ${CAPABILITIES}\r\n`);
          return ok();
        case 'NOOP':
          return ok();
        case 'LOGOUT':
          write('* BYE logging out\r\n');
          ok();
          socket.end();
          return;
        case 'LOGIN': {
          const [givenUser, givenPass] = flat(args);
          if (givenUser !== user || givenPass !== pass) return no('[AUTHENTICATIONFAILED] Invalid credentials');
          authenticated = true;
          return ok(`[CAPABILITY ${CAPABILITIES}] LOGIN completed`);
        }
      }
      if (!authenticated) return write(`${tag} BAD not authenticated\r\n`);
      switch (name) {
        case 'LIST':
        case 'LSUB': {
          const pattern = flat(args)[1] ?? '';
          if (pattern === '') {
            write(`* ${name} (\\Noselect) "/" ""\r\n`);
            return ok();
          }
          for (const folder of folders.keys())
            write(`* ${name} (\\HasNoChildren) "/" "${encodeMailboxName(folder)}"\r\n`);
          return ok();
        }
        case 'CREATE': {
          const folder = decodeMailboxName(flat(args)[0] ?? '');
          if (folders.has(folder)) return no('[ALREADYEXISTS] Mailbox already exists');
          folders.set(folder, { uidNext: 1, messages: [] });
          return ok();
        }
        case 'SUBSCRIBE':
        case 'UNSUBSCRIBE':
          return ok();
        case 'SELECT':
        case 'EXAMINE': {
          const folder = decodeMailboxName(flat(args)[0] ?? '');
          const box = folders.get(folder);
          if (!box) return no('[NONEXISTENT] No such mailbox');
          selected = folder;
          write('* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r\n');
          write('* OK [PERMANENTFLAGS (\\Deleted \\Seen \\*)] Flags permitted\r\n');
          write(`* ${box.messages.length} EXISTS\r\n* 0 RECENT\r\n`);
          write(`* OK [UIDVALIDITY ${UIDVALIDITY}] UIDs valid\r\n* OK [UIDNEXT ${box.uidNext}] Predicted next UID\r\n`);
          return ok(`[${name === 'SELECT' ? 'READ-WRITE' : 'READ-ONLY'}] ${name} completed`);
        }
        case 'CLOSE':
        case 'UNSELECT':
          selected = null;
          return ok();
      }
      const box = selected === null ? undefined : folders.get(selected);
      if (!box) return write(`${tag} BAD no mailbox selected\r\n`);
      const highest = box.messages.at(-1)?.uid ?? 0;
      const seqOf = (message: StoredMessage) => box.messages.indexOf(message) + 1;
      switch (name) {
        case 'SEARCH': {
          const criteria = flat(args).filter((word) => word.toUpperCase() !== 'CHARSET' && word !== 'UTF-8');
          const found = box.messages.filter((message) => {
            for (let i = 0; i < criteria.length; i += 1) {
              if (criteria[i]!.toUpperCase() === 'HEADER') {
                const header = criteria[i + 1] ?? '';
                const value = (criteria[i + 2] ?? '').toLowerCase();
                if (!headerValue(message.source, header).toLowerCase().includes(value)) return false;
                i += 2;
              }
            }
            return true;
          });
          write(`* SEARCH${found.map((message) => ` ${uidMode ? message.uid : seqOf(message)}`).join('')}\r\n`);
          return ok();
        }
        case 'FETCH': {
          const set = flat(args)[0] ?? '';
          const items = flat(args.slice(1)).map((item) => item.toUpperCase());
          for (const message of box.messages) {
            const key = uidMode ? message.uid : seqOf(message);
            if (!inUidSet(set, key, uidMode ? highest : box.messages.length)) continue;
            const parts: (string | Buffer)[] = [`UID ${message.uid}`];
            if (items.includes('FLAGS')) parts.push('FLAGS ()');
            if (items.some((item) => item.startsWith('BODY[]') || item.startsWith('BODY.PEEK[]')))
              parts.push(`BODY[] {${message.source.length}}\r\n`, message.source);
            if (items.includes('RFC822.SIZE')) parts.push(`RFC822.SIZE ${message.source.length}`);
            write(`* ${seqOf(message)} FETCH (`);
            parts.forEach((part, index) => {
              const previous = parts[index - 1];
              if (index > 0 && !(typeof previous === 'string' && previous.endsWith('\r\n'))) write(' ');
              write(part);
            });
            write(')\r\n');
          }
          return ok();
        }
        case 'MOVE': {
          const [set = '', target = ''] = flat(args);
          const destination = folders.get(decodeMailboxName(target));
          if (!destination) return no('[TRYCREATE] No such mailbox');
          const moving = box.messages.filter((message) =>
            inUidSet(set, uidMode ? message.uid : seqOf(message), uidMode ? highest : box.messages.length),
          );
          if (moving.length === 0) return ok('MOVE completed (nothing)');
          const newUids = moving.map((message) => {
            const uid = destination.uidNext++;
            destination.messages.push({ uid, source: message.source });
            return uid;
          });
          write(`* OK [COPYUID ${UIDVALIDITY} ${moving.map((m) => m.uid).join(',')} ${newUids.join(',')}] Moved\r\n`);
          for (const message of [...moving].reverse()) {
            write(`* ${seqOf(message)} EXPUNGE\r\n`);
            box.messages.splice(box.messages.indexOf(message), 1);
          }
          return ok();
        }
        default:
          return write(`${tag} BAD unknown command ${name}\r\n`);
      }
    };

    const drain = () => {
      for (;;) {
        if (pending && pending.literalBytes > 0) {
          if (buffer.length < pending.literalBytes) return;
          const literal = buffer.subarray(0, pending.literalBytes).toString('utf8');
          buffer = buffer.subarray(pending.literalBytes);
          pending.line += `"${literal.replace(/(["\\])/g, '\\$1')}"`;
          pending.literalBytes = 0;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = (pending?.line ?? '') + buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        const literal = /\{(\d+)(\+?)\}$/.exec(line);
        if (literal) {
          pending = { line: line.slice(0, literal.index), literalBytes: Number(literal[1]) };
          if (literal[2] !== '+') write('+ Ready for literal\r\n');
          continue;
        }
        pending = null;
        const space = line.indexOf(' ');
        if (space === -1) {
          write('* BAD no command\r\n');
          continue;
        }
        answer(line.slice(0, space), line.slice(space + 1));
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      drain();
    });
    write(`* OK [CAPABILITY ${CAPABILITIES}] test IMAP server ready\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    folders,
    commands,
    deliver(source, folder = 'INBOX') {
      const box = folders.get(folder);
      if (!box) throw new Error(`no folder ${folder}`);
      const uid = box.uidNext++;
      box.messages.push({
        uid,
        source: Buffer.isBuffer(source) ? source : Buffer.from(source.replace(/\r?\n/g, '\r\n')),
      });
      return uid;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
