// expect: import/no-restricted-paths
import { savedText } from '../../../shared/ui/src/message';

export const text = savedText;
