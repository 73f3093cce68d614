// expect: @typescript-eslint/no-floating-promises
async function recordLogin(): Promise<void> {}

export function login(): void {
  recordLogin();
}
