import { REMOTE_CATALOG, REMOTE_KEYS, type RemoteKey } from './remote-catalog';

/**
 * remotes.json, written by the release step: which version of each remote is live.
 *
 *   { "study": { "version": "0.1.0", "federationName": "study",
 *                "entry": "/remotes/study/0.1.0/mf-manifest.json" }, … }
 */
export const PINS_URL = '/remotes.json';

export interface RemotePin {
  version: string;
  federationName: string;
  /** The remote's mf-manifest.json: root-relative or absolute http(s) URL. */
  entry: string;
}

export type RemotePins = Record<RemoteKey, RemotePin>;

export class PinsError extends Error {
  constructor(readonly problems: string[]) {
    super(`remotes.json is not usable: ${problems.join('; ')}`);
    this.name = 'PinsError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemsOfPin(key: RemoteKey, value: unknown): string[] {
  if (value === undefined) return [`"${key}" is missing`];
  if (!isRecord(value)) return [`"${key}" must be an object`];
  const problems: string[] = [];
  for (const field of ['version', 'federationName', 'entry'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '')
      problems.push(`"${key}.${field}" must be a non-empty string`);
  }
  const expected = REMOTE_CATALOG[key].federationName;
  if (typeof value.federationName === 'string' && value.federationName !== '' && value.federationName !== expected) {
    problems.push(`"${key}.federationName" is "${value.federationName}", the shell expects "${expected}"`);
  }
  if (typeof value.entry === 'string' && value.entry !== '') {
    if (!/^(\/(?!\/)|https?:\/\/)/.test(value.entry)) problems.push(`"${key}.entry" must start with "/" or http(s)://`);
    else if (!/mf-manifest\.json(\?.*)?$/.test(value.entry))
      problems.push(`"${key}.entry" must point at an mf-manifest.json`);
  }
  return problems;
}

/** Checks the whole document; any problem rejects it, with every problem named. */
export function parsePins(document: unknown): RemotePins {
  if (!isRecord(document)) throw new PinsError(['the document must be a JSON object keyed by remote name']);
  const problems = REMOTE_KEYS.flatMap((key) => problemsOfPin(key, document[key]));
  if (problems.length > 0) throw new PinsError(problems);
  // Unknown keys are ignored: a pin may be published before the shell that uses it.
  return Object.fromEntries(REMOTE_KEYS.map((key) => [key, document[key]])) as RemotePins;
}

declare global {
  interface Window {
    /** The pins request index.html starts before the shell's script has arrived. */
    __yaoshiPins?: Promise<Response>;
  }
}

/**
 * The request index.html started for remotes.json, handed out once: later calls (a retry
 * after a failure) fetch afresh.
 */
export function takeEarlyPinsRequest(
  host: { __yaoshiPins?: Promise<Response> } = window,
): Promise<Response> | undefined {
  const early = host.__yaoshiPins;
  delete host.__yaoshiPins;
  return early;
}

/**
 * Fetches remotes.json past every cache: a moved pin takes effect on the next page load.
 * `early` is the same request already under way (see index.html).
 */
export async function fetchPins(fetchImpl: typeof fetch = fetch, early?: Promise<Response>): Promise<RemotePins> {
  let response: Response;
  try {
    response = await (early ?? fetchImpl(PINS_URL, { cache: 'no-store' }));
  } catch (error) {
    throw new PinsError([
      `${PINS_URL} could not be fetched (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  if (!response.ok) throw new PinsError([`${PINS_URL} answered HTTP ${response.status}`]);
  let document: unknown;
  try {
    document = await response.json();
  } catch {
    throw new PinsError([`${PINS_URL} is not valid JSON`]);
  }
  return parsePins(document);
}
