import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * PGlite lives inside the server's process and its folder is locked to it, so
 * `npm run backup -- now` asks the running server for the dump over a unix socket in
 * DATA_DIR (mode 0600: only the site's own user can ask). The server answers every
 * connection with one gzip tarball of the data folder (PGlite's dumpDataDir, taken between
 * queries, so it is consistent) and closes it.
 */
export function dumpChannelPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

export interface DumpChannel {
  close(): Promise<void>;
}

export async function serveDumpChannel(dataDir: string, dump: () => Promise<Blob>): Promise<DumpChannel> {
  const socketPath = dumpChannelPath(dataDir);
  // A socket left by a crashed server: the data-folder lock says we are the only owner now.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => undefined);
    dump()
      .then(async (blob) => connection.end(Buffer.from(await blob.arrayBuffer())))
      .catch(() => connection.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** The running server's dump, or undefined when no server answers on the channel. */
export async function requestDump(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = dumpChannelPath(dataDir);
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) reject(new Error('the running server sent an empty dump'));
      else resolve(bytes);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
  });
}
