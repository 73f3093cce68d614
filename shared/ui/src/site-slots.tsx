import { createContext, useContext, type ComponentType } from 'react';

/**
 * Pieces the shell owns but a remote's page places: the home page of `public-content`
 * shows the shell's login panel. The shell provides them once at the root; this package is
 * a shared singleton, so a remote reads the shell's context. Absent in a remote's own tests.
 */
export interface SiteSlots {
  /** The home page's login box (spec 01 §2 "Home page"), or the logged-in panel. */
  LoginPanel?: ComponentType;
  /**
   * Puts the cursor in the login box's first input (spec 01 §2: the education banner's
   * 请先登录 dialog, when confirmed, focuses the login input).
   */
  focusLoginInput?: () => void;
}

export const SiteSlotsContext = createContext<SiteSlots>({});

export function useSiteSlots(): SiteSlots {
  return useContext(SiteSlotsContext);
}
