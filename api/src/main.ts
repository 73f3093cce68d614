import type { AddressInfo } from 'node:net';
import { createApiServer } from './server';
import { exitOnStartError } from './start-errors';

/** `npm start -w api`: the API alone (the whole site is `npm start` at the top). */
async function main(): Promise<void> {
  const server = await createApiServer();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C: the user means it.
      process.exit(1);
    }
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    await server.app.listen({ port: server.config.port, host: server.config.host });
  } catch (error) {
    await server.close();
    throw error;
  }
  const { port } = server.app.server.address() as AddressInfo;
  console.log(`Yaoshi API listening on http://localhost:${port}`);
}

main().catch(exitOnStartError);

