export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://localhost:${E2E_PORT}`;

/** Flags that work on these machines (STACK.md): no sandbox as root, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
