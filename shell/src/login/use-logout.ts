import { useDispatch } from 'react-redux';
import { useNavigate } from '@yaoshi/ui/router';
import { endSession } from '@yaoshi/api-client/session';
import { useLogoutMutation } from './account-api';

/**
 * Logout (spec 01 §4): revoke the token on the server, then clear localStorage and the
 * session whatever the server said, and go home.
 */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout().unwrap();
    } catch {
      // Already logged out on the server (or unreachable): the browser side still ends.
    }
    endSession(dispatch);
    await navigate('/');
  };
}
