/** spec 01 §9: about 50,000,000 ms, effectively no timeout. */
export const REQUEST_TIMEOUT_MS = 50_000_000;

/**
 * The page's one transport; every call goes through the signed base query. It is
 * XMLHttpRequest, not fetch, for the upload progress the face photo shows, and not axios:
 * axios was 14 KB gzip of the shell's entry script, on every page's first load, for a
 * request the envelope has already encoded (method, URL, headers and body are all strings).
 * The texts of its two failures are axios's, which the error catalogue and show-message
 * recognise (a network error is silent, a timeout says 网络连接超时，请刷新重试).
 */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  data?: string;
  /**
   * The request must outlive the page (sent from `pagehide`: a reload, a closed tab). It goes
   * by fetch with `keepalive`, which the browser finishes after the page is gone and which,
   * unlike `navigator.sendBeacon`, carries the signature's headers.
   */
  keepalive?: boolean;
  onUploadProgress?: (progress: { loaded: number; total: number | undefined }) => void;
}

/** Any answer at all, whatever its status: error answers carry a `{ code, message, data }` body too. */
export interface HttpResponse {
  /** The body parsed as JSON, or its text when it is not JSON (a proxy's error page). */
  data: unknown;
  status: number;
  statusText: string;
}

export const NETWORK_ERROR_CODE = 'ERR_NETWORK';
export const TIMEOUT_ERROR_CODE = 'ECONNABORTED';

/** No answer: the network failed, or the timeout passed. */
export class HttpTransportError extends Error {
  constructor(
    message: string,
    readonly code: typeof NETWORK_ERROR_CODE | typeof TIMEOUT_ERROR_CODE,
  ) {
    super(message);
    this.name = 'HttpTransportError';
  }
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function keepaliveFetch(request: HttpRequest): Promise<HttpResponse> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { ...request.headers, accept: 'application/json, text/plain, */*' },
      body: request.data ?? null,
      keepalive: true,
    });
    return { data: parsedBody(await response.text()), status: response.status, statusText: response.statusText };
  } catch {
    throw new HttpTransportError('Network Error', NETWORK_ERROR_CODE);
  }
}

const xhrTransport: HttpTransport = (request) =>
  request.keepalive
    ? keepaliveFetch(request)
    : new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(request.method, request.url, true);
        xhr.timeout = REQUEST_TIMEOUT_MS;
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
        xhr.setRequestHeader('accept', 'application/json, text/plain, */*');
        const { onUploadProgress } = request;
        if (onUploadProgress) {
          xhr.upload.onprogress = (event) =>
            onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
        }
        xhr.onload = () =>
          resolve({ data: parsedBody(xhr.responseText), status: xhr.status, statusText: xhr.statusText });
        xhr.onerror = () => reject(new HttpTransportError('Network Error', NETWORK_ERROR_CODE));
        xhr.ontimeout = () =>
          reject(new HttpTransportError(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, TIMEOUT_ERROR_CODE));
        xhr.send(request.data ?? null);
      });

let transport: HttpTransport = xhrTransport;

export function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  return transport(request);
}

/** Tests only (`testing/stub-api.ts`): answer requests without a network. */
export function setHttpTransport(replacement: HttpTransport): void {
  transport = replacement;
}
