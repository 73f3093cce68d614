// expect: @typescript-eslint/consistent-type-imports
import { Account } from './account-types';

export function nameOf(account: Account): string {
  return account.name;
}
