import { useState, type ReactNode } from 'react';
import { Button, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { showMessage } from '@yaoshi/ui/show-message';

/**
 * A decision that needs a reason (驳回, 判定不通过): the dialog asks for one, with common
 * reasons to pick from when given, and sends it. `onSubmit` answers true when the server took
 * the decision (the dialog then clears and closes); on a refusal the error catalogue has shown
 * the server's message and the reason stays for another try.
 */
export function ReasonDialog({
  open,
  title,
  hint,
  okText = '驳回',
  label = '驳回原因',
  placeholder,
  maxLength,
  suggestions = [],
  loading,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  hint: ReactNode;
  okText?: string;
  label?: string;
  placeholder?: string;
  maxLength: number;
  suggestions?: readonly string[];
  loading: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const submit = async () => {
    if (await onSubmit(reason.trim())) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText}
      okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
      cancelText="取消"
      confirmLoading={loading}
      destroyOnHidden
    >
      <Typography.Paragraph>{hint}</Typography.Paragraph>
      {suggestions.length > 0 && (
        <Space wrap style={{ marginBottom: 8 }}>
          {suggestions.map((text) => (
            <Tag.CheckableTag key={text} checked={reason === text} onChange={() => setReason(text)}>
              {text}
            </Tag.CheckableTag>
          ))}
        </Space>
      )}
      <Input.TextArea
        aria-label={label}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={maxLength}
        placeholder={placeholder}
        showCount
        rows={3}
      />
    </Modal>
  );
}

/** Runs a decision's request: true when it went through (and says `successText`); a refusal was already shown by the error catalogue. */
export async function decided(request: Promise<unknown>, successText: string): Promise<boolean> {
  try {
    await request;
    showMessage(successText);
    return true;
  } catch {
    return false;
  }
}

/** A queue row's two decisions: the positive one behind a confirmation, and 驳回, which opens a ReasonDialog. */
export function DecisionButtons({
  label,
  confirmTitle,
  confirmDescription,
  confirmText,
  loading,
  onConfirm,
  onReject,
  rejectLabel = '驳回',
}: {
  label: string;
  /** The negative decision's button: 驳回 unless named. */
  rejectLabel?: string;
  confirmTitle: string;
  confirmDescription?: string;
  confirmText: string;
  loading: boolean;
  onConfirm: () => void;
  onReject: () => void;
}) {
  return (
    <Space size={4}>
      <Popconfirm
        title={confirmTitle}
        description={confirmDescription}
        okText={confirmText}
        cancelText="取消"
        onConfirm={onConfirm}
      >
        <Button size="small" type="primary" loading={loading}>
          {label}
        </Button>
      </Popconfirm>
      <Button size="small" danger onClick={onReject}>
        {rejectLabel}
      </Button>
    </Space>
  );
}
