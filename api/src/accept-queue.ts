import fs from 'node:fs';
import type net from 'node:net';

/**
 * How many connections wait in the kernel's accept queue of a listening socket: handshaken
 * by the kernel, often with their request already sent, but not yet taken in by the server.
 *
 * Node takes in one waiting connection per turn of its event loop, and a server busy with
 * requests has long turns, so after a burst the queue can hold hundreds of connections for
 * seconds. On Linux the queue's length is the listening socket's `rx_queue` in
 * /proc/net/tcp (tcp6 for IPv6): the socket is found by the inode of the server's own file
 * descriptor. Elsewhere (or if /proc cannot be read) the length is unknown: `undefined`.
 */
export function acceptQueueLength(server: net.Server): number | undefined {
  const inode = listeningInode(server);
  if (inode === undefined) return undefined;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    const length = queueLengthOf(text, inode);
    if (length !== undefined) return length;
  }
  return undefined;
}

/** TCP's LISTEN state in /proc/net/tcp's `st` column. */
const LISTEN_STATE = '0A';

/**
 * The accept queue's length of the listening socket with this inode, from the text of
 * /proc/net/tcp or /proc/net/tcp6 (`sl local rem st tx_queue:rx_queue tr:when retrnsmt uid
 * timeout inode …`; for a listening socket rx_queue is the accept queue's length, in hex).
 */
export function queueLengthOf(procNetTcp: string, inode: string): number | undefined {
  for (const line of procNetTcp.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== LISTEN_STATE || fields[9] !== inode) continue;
    const rxQueue = fields[4]?.split(':')[1];
    const length = rxQueue === undefined ? Number.NaN : Number.parseInt(rxQueue, 16);
    return Number.isFinite(length) ? length : undefined;
  }
  return undefined;
}

/** The inode of the server's listening socket, through /proc/self/fd; undefined where there is none. */
function listeningInode(server: net.Server): string | undefined {
  // Node keeps the listening handle's file descriptor on an internal field; no public API names it.
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return undefined;
  try {
    return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`))?.[1];
  } catch {
    return undefined;
  }
}
