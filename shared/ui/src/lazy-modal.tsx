import { Suspense, lazy, useState } from 'react';
import type { ModalProps } from 'antd';

/** antd's Modal, downloaded the first time a page opens one. */
const AntdModal = lazy(() => import('antd/es/modal'));

/**
 * antd's Modal, with the same props, for a dialog a page opens later (a congratulation, a
 * QR code, a confirmation): antd's Modal brings rc-dialog and its motion and styles, about
 * 10 KB gzip, which a page then need not download before it first shows. Nothing renders
 * until `open` is first true; from then on it is antd's Modal, so closing animates as before.
 * Not for static calls (Modal.confirm, Modal.useModal): those need antd's Modal itself.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(Boolean(props.open));
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AntdModal {...props} />
    </Suspense>
  );
}
