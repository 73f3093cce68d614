import { redirect, redirectDocument, type LoaderFunction } from '@yaoshi/ui/router';
import { readPersistedLogin } from '@yaoshi/api-client/browser-storage';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { GUARD_MESSAGE_SECONDS, guardDecision } from './guard-rules';

/** What the guard reads from the running site. */
export interface GuardContext {
  /** The session's isLogin in the store. */
  isLoggedInMemory: () => boolean;
  /** The path being left, or null on the first load of the page. */
  currentPath: () => string | null;
}

/** A loader every route carries: carries out spec 01 §6 before the page renders. */
export function guardLoader(context: GuardContext, loginRequired: boolean): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    const decision = guardDecision({
      to: url.pathname,
      loginRequired,
      from: context.currentPath(),
      loggedInMemory: context.isLoggedInMemory(),
      loggedInStorage: readPersistedLogin(),
    });
    switch (decision.kind) {
      case 'home':
        throw redirect('/');
      case 'stay':
        showMessage(MESSAGE_TEXTS.uploadFaceFirst, { type: 'warning', duration: GUARD_MESSAGE_SECONDS });
        throw redirect(decision.from);
      case 'reload':
        throw redirectDocument(`${url.pathname}${url.search}`);
      case 'enter':
        return null;
    }
  };
}
