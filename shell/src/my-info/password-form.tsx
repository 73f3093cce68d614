import { useState } from 'react';
import { Button } from 'antd';
import type { PasswordChangeRequest } from '@yaoshi/contracts/accounts';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { FormRow, PasswordInput, SiteInputStyles, focusFirstProblem, problemPropsOf } from '@yaoshi/ui/site-form';
import { showMessage } from '@yaoshi/ui/show-message';
import { useChangePasswordMutation } from './my-info-api';
import { PASSWORD_PROBLEMS } from './profile-rules';

type PasswordField = keyof PasswordChangeRequest;
type Problems = Partial<Record<PasswordField, string>>;

const FIELDS: PasswordField[] = ['newpasswd', 'confirmpasswd'];
const LABEL: Record<PasswordField, string> = { newpasswd: '新密码', confirmpasswd: '确认密码' };
const INPUT_ID: Record<PasswordField, string> = {
  newpasswd: 'my-info-new-password',
  confirmpasswd: 'my-info-confirm-password',
};
const EMPTY: PasswordChangeRequest = { newpasswd: '', confirmpasswd: '' };

const problemOf = (field: PasswordField, values: PasswordChangeRequest) =>
  field === 'newpasswd'
    ? PASSWORD_PROBLEMS.newpasswd(values.newpasswd)
    : PASSWORD_PROBLEMS.confirmpasswd(values.confirmpasswd, values.newpasswd);

/**
 * 修改密码 (spec 01 §4, §5): each field is checked as it is typed and both at 提交 (the first
 * with a problem then focused); once checked, the confirmation is checked again as the new
 * password changes. 修改成功 clears the form; a refusal keeps what was typed.
 */
export function PasswordForm() {
  const [change, { isLoading }] = useChangePasswordMutation();
  const [values, setValues] = useState<PasswordChangeRequest>(EMPTY);
  // A field's key is present once it has been checked.
  const [problems, setProblems] = useState<Problems>({});

  const edit = (field: PasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setProblems((current) => {
      const checked: Problems = { ...current, [field]: problemOf(field, next) };
      if (field === 'newpasswd' && 'confirmpasswd' in current) checked.confirmpasswd = problemOf('confirmpasswd', next);
      return checked;
    });
  };

  const submit = async () => {
    const found: Problems = Object.fromEntries(FIELDS.map((field) => [field, problemOf(field, values)]));
    setProblems(found);
    if (focusFirstProblem(FIELDS, found, (field) => INPUT_ID[field])) return;
    try {
      await change(values).unwrap();
    } catch {
      return; // the error catalogue has shown the server's message
    }
    showMessage(ACCOUNT_MESSAGES.changeSuccess);
    setValues(EMPTY);
    setProblems({});
  };

  return (
    <form
      aria-label="修改密码"
      noValidate
      style={{ maxWidth: 400 }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SiteInputStyles />
      {FIELDS.map((field) => (
        <FormRow
          key={field}
          layout="vertical"
          label={LABEL[field]}
          inputId={INPUT_ID[field]}
          required
          problem={problems[field]}
        >
          <PasswordInput
            id={INPUT_ID[field]}
            aria-label={LABEL[field]}
            autoComplete="new-password"
            value={values[field]}
            onChange={(event) => edit(field, event.target.value)}
            {...problemPropsOf(INPUT_ID[field], problems[field])}
          />
        </FormRow>
      ))}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        提交
      </Button>
    </form>
  );
}
