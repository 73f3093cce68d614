// expect: react-hooks/rules-of-hooks
import { useState } from 'react';

export function OrderCount({ show }: { show: boolean }): string {
  if (!show) return '';
  const [count] = useState(0);
  return String(count);
}
