import { message } from 'antd';
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

let configured = false;

/** A raw timeout text (axios says "timeout of …ms exceeded") is replaced by one the user can act on. */
export function userFacingText(text: string): string {
  return /timeout/i.test(text) ? MESSAGE_TEXTS.connectionTimedOut : text;
}

/**
 * The one message helper: closes whatever message is showing, then shows this one.
 * Default type success for 2 s.
 */
export function showMessage(text: string, options: ShowMessageOptions = {}): void {
  if (!configured) {
    message.config({ top: MESSAGE_TOP_OFFSET_PX });
    configured = true;
  }
  message.destroy();
  void message.open({
    type: options.type ?? 'success',
    content: userFacingText(text),
    duration: options.duration ?? MESSAGE_DEFAULT_SECONDS,
  });
}

export function showError(text: string): void {
  showMessage(text, { type: 'error', duration: ERROR_MESSAGE_SECONDS });
}
