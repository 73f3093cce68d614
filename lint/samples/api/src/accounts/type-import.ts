// expect: (nothing)
import { accountOf, type Account } from './account-types';

export function guest(): Account {
  return accountOf('访客');
}
