import type antdMessage from 'antd/es/message';
import { loadSiteAntd } from './antd-scope';
import { MESSAGE_TEXTS } from './message-texts';

/** spec 01 §8/§9: info messages last 2 s, errors 5 s, shown 40 px from the top. */
export const MESSAGE_DEFAULT_SECONDS = 2;
export const ERROR_MESSAGE_SECONDS = 5;
export const MESSAGE_TOP_OFFSET_PX = 40;

export type MessageType = 'success' | 'error' | 'warning' | 'info';

export interface ShowMessageOptions {
  type?: MessageType;
  /** Seconds. */
  duration?: number;
}

/** A raw timeout text (axios says "timeout of …ms exceeded") is replaced by one the user can act on. */
export function userFacingText(text: string): string {
  return /timeout/i.test(text) ? MESSAGE_TEXTS.connectionTimedOut : text;
}

/** antd's static message API (its default export). */
type StaticMessage = typeof antdMessage;

let loading: Promise<StaticMessage> | undefined;

/**
 * antd's static message, with the site's locale and theme (its holder renders inside the
 * site's ConfigProvider, see antd-scope). Downloaded on the first message, not with the
 * page: most visits never show one. Messages keep their order: each waits on this promise.
 */
function siteMessage(): Promise<StaticMessage> {
  if (!loading) {
    const attempt = Promise.all([import('antd/es/message'), loadSiteAntd()]).then(([{ default: message }]) => {
      message.config({ top: MESSAGE_TOP_OFFSET_PX });
      return message;
    });
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/**
 * The one message helper: closes whatever message is showing, then shows this one.
 * Default type success for 2 s.
 */
export function showMessage(text: string, options: ShowMessageOptions = {}): void {
  const content = userFacingText(text);
  siteMessage()
    .then((message) => {
      message.destroy();
      void message.open({
        type: options.type ?? 'success',
        content,
        duration: options.duration ?? MESSAGE_DEFAULT_SECONDS,
      });
    })
    .catch((error: unknown) => console.error('[message] antd could not be loaded', content, error));
}

/**
 * Closes whatever message is showing, e.g. a login error once the next attempt succeeds, so
 * a stale error does not follow the learner onto the next page. Loads nothing when no
 * message was ever shown.
 */
export function clearMessages(): void {
  loading?.then((message) => message.destroy()).catch(() => undefined);
}

export function showError(text: string): void {
  showMessage(text, { type: 'error', duration: ERROR_MESSAGE_SECONDS });
}
