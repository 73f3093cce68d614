import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectSession, storeUserData, type UserData } from '@yaoshi/api-client/session';
import { useLazyUserInfoQuery } from './account-api';

/** The learner's name and avatar: from the session (cached in localStorage), else from GET /v1/userinfo. */
export function useUserData(): UserData | null {
  const { isLogin, userData } = useSelector(selectSession);
  const [fetchUserInfo] = useLazyUserInfoQuery();
  const dispatch = useDispatch();
  useEffect(() => {
    if (!isLogin || userData) return;
    fetchUserInfo()
      .unwrap()
      .then((data) => storeUserData(dispatch, data))
      .catch(() => undefined);
  }, [isLogin, userData, fetchUserInfo, dispatch]);
  return userData;
}
