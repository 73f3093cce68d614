import type { AddressInfo } from 'node:net';
import { createApiServer } from './server';
import { shutDownOnSignals } from './shutdown';
import { exitOnStartError } from './start-errors';

/** `npm start -w api`: the API alone (the whole site is `npm start` at the top). */
async function main(): Promise<void> {
  const server = await createApiServer();
  shutDownOnSignals(server);

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
