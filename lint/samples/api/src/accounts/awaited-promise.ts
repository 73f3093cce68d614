// expect: (nothing)
async function recordLogin(): Promise<void> {}

export async function login(): Promise<void> {
  await recordLogin();
}
