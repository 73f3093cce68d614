// expect: (nothing)
import { useEffect, useState } from 'react';

export function OrderTitle({ orderNo }: { orderNo: string }): string {
  const [title, setTitle] = useState('');
  useEffect(() => {
    setTitle(`订单 ${orderNo}`);
  }, [orderNo]);
  return title;
}
