import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { showMessage } from '@yaoshi/ui/show-message';
import { useSendCodeMutation } from './account-api';
import { codeRequestProblem } from './login-rules';

/**
 * Asks the server for an SMS code to the phone `readPhone` gives (the form's phone field).
 * Resolves true when sent (the countdown may start), false when the phone is wrong — the
 * message is shown here — or the server refused, whose message the error catalogue has shown.
 * Once sent it says 验证码已发送 (which replaces an earlier 手机号格式不正确) and calls
 * `onSent`, where the form clears its phone field's problem: the phone was good.
 */
export function useRequestCode(readPhone: () => string, onSent?: () => void): () => Promise<boolean> {
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
    } catch {
      return false;
    }
    showMessage(ACCOUNT_MESSAGES.codeSent);
    onSent?.();
    return true;
  };
}
