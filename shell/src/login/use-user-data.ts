import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectSession, storeUserData, type UserData } from '@yaoshi/api-client/session';
import { useLazyUserInfoQuery } from './account-api';

/** Fetch a fresh face-photo URL this long before the cached one stops working. */
export const AVATAR_URL_REFRESH_MARGIN_MS = 60 * 60 * 1000;

/**
 * The server hands out face photos as signed URLs (`…?expires=<unix seconds>&signature=…`)
 * that stop working after a few hours, but the user data is cached in local storage for
 * longer: a cached URL close to its expiry is as good as none.
 */
export function isAvatarUrlStale(avatar: string, nowMs: number): boolean {
  const match = /[?&]expires=(\d+)/.exec(avatar);
  return match !== null && Number(match[1]) * 1000 - nowMs < AVATAR_URL_REFRESH_MARGIN_MS;
}

/** The learner's name and avatar: from the session (cached in localStorage), else from GET /v1/userinfo. */
export function useUserData(): UserData | null {
  const { isLogin, userData } = useSelector(selectSession);
  const [fetchUserInfo] = useLazyUserInfoQuery();
  const dispatch = useDispatch();
  useEffect(() => {
    if (!isLogin || (userData && !isAvatarUrlStale(userData.avatar, Date.now()))) return;
    fetchUserInfo()
      .unwrap()
      .then((data) => storeUserData(dispatch, data))
      .catch(() => undefined);
  }, [isLogin, userData, fetchUserInfo, dispatch]);
  return userData;
}
