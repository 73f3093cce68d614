import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api';
import { sessionSlice } from '../session';

/** Tests only: the same reducers and middleware the shell's store has. */
export function createTestStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
