// expect: import/no-restricted-paths
import { cancelLabel } from '../../../remotes/orders/src/order-list/order-actions';

export const label = cancelLabel;
