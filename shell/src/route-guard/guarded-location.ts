import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, type Location } from '@yaoshi/ui/router';
import { readPersistedLogin, readToken } from '@yaoshi/api-client/browser-storage';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { FACE_COLLECTION_PATH, GUARD_MESSAGE_SECONDS, guardDecision } from './guard-rules';

/** What the guard reads from the running site, and how it loads a whole page. */
export interface GuardContext {
  /** The route at this path needs login (its route manifest's `loginRequired`). */
  loginRequired: (pathname: string) => boolean;
  /** The session's isLogin in the store. */
  isLoggedInMemory: () => boolean;
  /**
   * Loads `href` as a new document in the current history entry (the router has already
   * added the entry for it). The same function from render to render.
   */
  loadDocument: (href: string) => void;
}

/**
 * Carries out spec 01 §6 on every navigation before its page renders, and answers the
 * location whose pages to show: the address bar's when the guard lets the visitor in;
 * otherwise the page already on screen stays (nothing on a first load) while the guard
 * sends the visitor on. So a refused visitor never sees a guarded page, nor makes it load
 * its remote or its data, and a refused navigation leaves the page on screen mounted.
 */
export function useGuardedLocation({ loginRequired, isLoggedInMemory, loadDocument }: GuardContext): Location | null {
  const location = useLocation();
  const navigate = useNavigate();
  // The location the guard last let in: the page on screen, which a navigation leaves.
  // Null until the first page is in, so the first load of the page leaves nothing.
  const entered = useRef<Location | null>(null);
  // Decided once a navigation (each navigation brings a new location object), before its
  // page renders: a later render of the same location decides nothing again.
  const decision = useMemo(
    () =>
      guardDecision({
        to: location.pathname,
        loginRequired: loginRequired(location.pathname),
        from: entered.current?.pathname ?? null,
        loggedInMemory: isLoggedInMemory(),
        loggedInStorage: readPersistedLogin(),
        awaitingFace: readToken() !== null,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once a navigation, with the site as it is then
    [location],
  );
  useEffect(() => {
    switch (decision.kind) {
      case 'enter':
        entered.current = location;
        return;
      // Replacing the refused entry: "back" does not lead into the guard again.
      case 'home':
        void navigate('/', { replace: true });
        return;
      case 'stay':
        showMessage(MESSAGE_TEXTS.uploadFaceFirst, { type: 'warning', duration: GUARD_MESSAGE_SECONDS });
        void navigate(decision.from, { replace: true });
        return;
      case 'face':
        showMessage(MESSAGE_TEXTS.uploadFaceFirst, { type: 'warning', duration: GUARD_MESSAGE_SECONDS });
        void navigate(FACE_COLLECTION_PATH, { replace: true });
        return;
      case 'reload':
        loadDocument(`${location.pathname}${location.search}`);
    }
  }, [decision, location, navigate, loadDocument]);
  return decision.kind === 'enter' ? location : entered.current;
}
