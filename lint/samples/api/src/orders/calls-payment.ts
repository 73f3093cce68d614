// expect: import/no-restricted-paths
import { closeOpenAttempts } from '../payment/payments';

export const close = closeOpenAttempts;
