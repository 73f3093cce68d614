import axios from 'axios';

/** spec 01 §9: about 50,000,000 ms, effectively no timeout. */
export const REQUEST_TIMEOUT_MS = 50_000_000;

/** The one axios instance of the page; every call goes through the signed base query. */
export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  // Error answers carry HTTP status = code and a `{ code, message, data }` body; the base
  // query reads the body whatever the status.
  validateStatus: () => true,
});
