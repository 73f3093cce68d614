import type { PinnedRemote, PinsDocument, RouteEntry } from '@yaoshi/contracts/release-manifest';
import { readToken } from '@yaoshi/api-client/browser-storage';

/**
 * The pins document (`/remotes.json`), served by the release registry: which version of
 * each remote this visitor gets (the pin, a canary share or a QA override), where its
 * manifest is, its section's Chinese name and its route manifest. The shell builds its
 * router from it, so a remote adds, renames or removes a page by publishing a version.
 *
 *   { "study": { "version": "0.1.0", "federationName": "study", "section": "在线学习",
 *                "entry": "/remotes/study/0.1.0/mf-manifest.json", "routes": [ … ] }, … }
 */
export const PINS_URL = '/remotes.json';

/** A remote's key (its folder name, e.g. `public-content`): data in the registry, not a shell type. */
export type RemoteKey = string;
export type RemotePin = PinnedRemote;
export type RemotePins = PinsDocument;

export class PinsError extends Error {
  constructor(readonly problems: string[]) {
    super(`remotes.json is not usable: ${problems.join('; ')}`);
    this.name = 'PinsError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ROUTE_PATH = /^\/[A-Za-z0-9/-]*(?:\/\*)?$/;
const AREAS: readonly string[] = ['public', 'student', 'console'] satisfies RouteEntry['area'][];

function problemsOfRoute(key: string, index: number, route: unknown): string[] {
  const at = `"${key}.routes[${index}]`;
  if (!isRecord(route)) return [`${at}" must be an object`];
  const problems: string[] = [];
  if (typeof route.path !== 'string' || !ROUTE_PATH.test(route.path))
    problems.push(`${at}.path" must be a path starting with "/"`);
  if (typeof route.area !== 'string' || !AREAS.includes(route.area))
    problems.push(`${at}.area" must be one of ${AREAS.join(', ')}`);
  if (typeof route.exposed !== 'string' || route.exposed === '')
    problems.push(`${at}.exposed" must be a non-empty string`);
  if (typeof route.loginRequired !== 'boolean') problems.push(`${at}.loginRequired" must be true or false`);
  for (const field of ['title', 'menuPath'] as const) {
    if (route[field] !== undefined && typeof route[field] !== 'string')
      problems.push(`${at}.${field}" must be a string`);
  }
  return problems;
}

function problemsOfPin(key: string, value: unknown): string[] {
  if (!isRecord(value)) return [`"${key}" must be an object`];
  const problems: string[] = [];
  for (const field of ['version', 'federationName', 'entry', 'section'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '')
      problems.push(`"${key}.${field}" must be a non-empty string`);
  }
  if (typeof value.entry === 'string' && value.entry !== '') {
    if (!/^(\/(?!\/)|https?:\/\/)/.test(value.entry)) problems.push(`"${key}.entry" must start with "/" or http(s)://`);
    else if (!/mf-manifest\.json(\?.*)?$/.test(value.entry))
      problems.push(`"${key}.entry" must point at an mf-manifest.json`);
  }
  if (!Array.isArray(value.routes)) problems.push(`"${key}.routes" must be a list`);
  else problems.push(...value.routes.flatMap((route, index) => problemsOfRoute(key, index, route)));
  return problems;
}

/**
 * Checks the whole document. A remote whose entry is unusable is left out (its pages are
 * then unknown, the others work) and reported; a document that is not an object is refused.
 */
export function parsePins(
  document: unknown,
  report: (problems: string[]) => void = (problems) => console.error(new PinsError(problems)),
): RemotePins {
  if (!isRecord(document)) throw new PinsError(['the document must be a JSON object keyed by remote name']);
  const pins: RemotePins = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(document)) {
    const found = problemsOfPin(key, value);
    // Checked field by field just above.
    if (found.length > 0) problems.push(...found);
    else pins[key] = value as RemotePin;
  }
  if (problems.length > 0) report(problems);
  return pins;
}

/** Every route of the pinned remotes, with the remote that renders it. */
export function pinnedRoutes(pins: RemotePins): { remote: RemoteKey; section: string; route: RouteEntry }[] {
  return Object.entries(pins).flatMap(([remote, pin]) =>
    pin.routes.map((route) => ({ remote, section: pin.section, route })),
  );
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
 * The learner's session token goes with the request, so a canary share follows the learner
 * (not the browser) once logged in; before login the browser id cookie decides. Same as
 * the request index.html starts.
 */
export function pinsRequestInit(token: string | null = readToken()): RequestInit {
  return {
    credentials: 'same-origin',
    cache: 'no-store',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  };
}

/**
 * Fetches remotes.json, always from the server (a pin, a rollback or an override shows at the
 * next page load); `early` is the same request already under way (public/early-pins.js).
 */
export async function fetchPins(fetchImpl: typeof fetch = fetch, early?: Promise<Response>): Promise<RemotePins> {
  let response: Response;
  try {
    response = await (early ?? fetchImpl(PINS_URL, pinsRequestInit()));
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
