// expect: import/no-restricted-paths
import { cancelLabel } from '../../../orders/src/order-list/order-actions';

export const label = cancelLabel;
