/**
 * A job handler's long work (a minute) that ends as soon as `signal` aborts; `onAbort` is
 * told. Then it throws the signal's reason, as a job stopped with its server does.
 */
export async function workUntilAborted(signal: AbortSignal, onAbort: () => void): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 60_000);
    signal.addEventListener('abort', () => {
      onAbort();
      clearTimeout(timer);
      resolve();
    });
  });
  signal.throwIfAborted();
}
