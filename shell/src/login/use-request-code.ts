import { showMessage } from '@yaoshi/ui/show-message';
import { useSendCodeMutation } from './account-api';
import { codeRequestProblem } from './login-rules';

/**
 * Asks the server for an SMS code to the phone `readPhone` gives (the form's phone field).
 * Resolves true when sent (the countdown may start), false when the phone is wrong — the
 * message is shown here — or the server refused, whose message the error catalogue has shown.
 */
export function useRequestCode(readPhone: () => string): () => Promise<boolean> {
  const [sendCode] = useSendCodeMutation();
  return async () => {
    const phone = readPhone();
    const problem = codeRequestProblem(phone);
    if (problem) {
      showMessage(problem, { type: 'warning' });
      return false;
    }
    try {
      await sendCode({ phone }).unwrap();
      return true;
    } catch {
      return false;
    }
  };
}
