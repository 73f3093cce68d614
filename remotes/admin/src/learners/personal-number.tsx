import { useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { REVEAL_FIELD_LABELS, isMasked, type RevealField } from '@yaoshi/contracts/personal-data-rules';
import { useAdminMeQuery } from '../admin-api';
import { useRevealPersonalMutation } from './personal-data-api';

/** Whether the signed-in staff member may reveal a whole number (学员管理). */
export function useMayReveal(): boolean {
  return useAdminMeQuery().data?.permissions.includes('learners.reveal') ?? false;
}

/**
 * A learner's ID number or phone as the server sent it: masked (3201**********4510). A staff
 * member with `learners.reveal` shows this one value whole with 显示; the server records who
 * saw which value. The value is shown until the row or drawer is closed, never stored.
 */
export function PersonalNumber({
  learnerId,
  field,
  value,
  learnerName,
}: {
  learnerId: number;
  field: RevealField;
  value: string;
  learnerName: string;
}) {
  const mayReveal = useMayReveal();
  const [reveal, { isLoading }] = useRevealPersonalMutation();
  const [whole, setWhole] = useState<string | null>(null);
  if (value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  const label = REVEAL_FIELD_LABELS[field];
  const show = async () => {
    try {
      setWhole((await reveal({ id: learnerId, field }).unwrap()).value);
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <Space size={2} wrap={false}>
      <span data-testid={`${field}-${learnerId}`}>{whole ?? value}</span>
      {mayReveal && whole === null && isMasked(value) && (
        <Tooltip title={`显示完整${label}（将记入审计日志）`}>
          <Button
            size="small"
            type="link"
            loading={isLoading}
            aria-label={`显示${learnerName}的完整${label}`}
            onClick={() => void show()}
            style={{ paddingInline: 2 }}
          >
            显示
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
