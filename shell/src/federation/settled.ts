/**
 * A thenable that calls back at once: React's `lazy` takes a module whose thenable settles
 * while it watches as resolved, and renders it without suspending. (A resolved Promise calls
 * back a microtask later, after React has suspended, and a suspended boundary shows its
 * content again no sooner than 300 ms later.) For a module already loaded: a page hydrating
 * (RemotePage), the home page's login box (site-providers.tsx).
 */
export function settled<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (value: T) => unknown) => resolve(value) };
  // Only `then` is ever called on it, by React's lazy.
  return thenable as unknown as Promise<T>;
}
