// expect: react-hooks/exhaustive-deps
import { useEffect } from 'react';

export function OrderTitle({ orderNo }: { orderNo: string }): null {
  useEffect(() => {
    document.title = `订单 ${orderNo}`;
  }, []);
  return null;
}
