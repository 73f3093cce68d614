import { SiteDialog } from './site-dialog';

/**
 * The public 'Tip' dialog of spec 01 §2 "Other": a model (show flag, text, params) and a
 * confirm routed by its text and params.
 */
export interface TipDialogModel {
  show: boolean;
  text: string;
  params?: { checkHours?: unknown } & Record<string, unknown>;
}

export type TipConfirmEvent = 'sureOpen' | 'signUp' | 'sure';

/** spec 01 §2 "Student-area shell": the warning before changing the face avatar. */
export const AVATAR_WARNING_TEXT = '更换人脸头像后，需等待审核通过才能继续学习，确定要更换吗？';

export const CLOSED_TIP: TipDialogModel = { show: false, text: '' };

/** The avatar warning emits sureOpen; a checkHours param emits signUp; anything else sure. */
export function tipConfirmEvent(model: TipDialogModel): TipConfirmEvent {
  if (model.text === AVATAR_WARNING_TEXT) return 'sureOpen';
  if (model.params?.checkHours) return 'signUp';
  return 'sure';
}

export function TipDialog({
  model,
  onConfirm,
  onCancel,
}: {
  model: TipDialogModel;
  onConfirm: (event: TipConfirmEvent) => void;
  onCancel: () => void;
}) {
  // The browser's own dialog rather than antd's Modal: the student frame shows this one, and
  // antd's Modal (rc-dialog, motion, its styles) would be on every learner page's first load.
  return (
    <SiteDialog
      title="提示"
      open={model.show}
      okText="确定"
      cancelText="取消"
      onOk={() => onConfirm(tipConfirmEvent(model))}
      onCancel={onCancel}
      width="30%"
    >
      <p>{model.text}</p>
    </SiteDialog>
  );
}
