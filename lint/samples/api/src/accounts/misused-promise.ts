// expect: @typescript-eslint/no-misused-promises
async function isLocked(): Promise<boolean> {
  return Promise.resolve(false);
}

export function canLogIn(): boolean {
  // A promise is always truthy: the check never waits for the answer.
  if (isLocked()) return false;
  return true;
}
