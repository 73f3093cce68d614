import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FormRow,
  PasswordInput,
  SiteInputStyles,
  focusFirstProblem,
  problemIdOf,
  problemPropsOf,
  requiredText,
} from './site-form';
import { contrastRatio, resolveTokens } from './test-support/colour-contrast';

function CompanyRow({ problem }: { problem?: string }) {
  return (
    <FormRow layout="vertical" label="工作单位" inputId="company" required problem={problem}>
      <input id="company" className="site-input" {...problemPropsOf('company', problem)} />
    </FormRow>
  );
}

test('a vertical row: the label above names its input, with the required mark and no colon', () => {
  render(<CompanyRow />);
  const input = screen.getByRole('textbox', { name: '工作单位' });
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).not.toHaveAttribute('aria-describedby');
  expect(document.querySelector('label[for="company"]')).toHaveTextContent(/^\*工作单位$/);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a problem is announced under its input, which is invalid and described by it', () => {
  render(<CompanyRow problem="请输入工作单位" />);
  const input = screen.getByRole('textbox', { name: '工作单位' });
  expect(screen.getByRole('alert')).toHaveTextContent('请输入工作单位');
  expect(screen.getByRole('alert')).toHaveAttribute('id', problemIdOf('company'));
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('请输入工作单位');
  // Small text needs 4.5:1 on the white page; antd's #ff4d4f is 3.3:1.
  expect(contrastRatio(getComputedStyle(screen.getByRole('alert')).color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
});

test('a read-only (disabled) input is drawn greyed out, as antd draws it', () => {
  render(
    <>
      <SiteInputStyles />
      <input aria-label="姓名" className="site-input" disabled defaultValue="王芳" />
    </>,
  );
  const style = getComputedStyle(screen.getByRole('textbox', { name: '姓名' }));
  expect(style.cursor).toBe('not-allowed');
  expect(resolveTokens(style.color)).toBe('rgba(0, 0, 0, 0.25)');
});

function NewPassword() {
  const [value, setValue] = useState('');
  return <PasswordInput aria-label="新密码" value={value} onChange={(event) => setValue(event.target.value)} />;
}

test('a password is hidden until its eye is pressed, and again when it is pressed again', async () => {
  const user = userEvent.setup();
  render(<NewPassword />);
  const input = screen.getByLabelText('新密码');
  await user.type(input, 'Change99');
  expect(input).toHaveValue('Change99');
  expect(input).toHaveAttribute('type', 'password');
  expect(input).toHaveClass('site-input');
  const eye = screen.getByRole('button', { name: '显示' });
  // The field alone answers to its label.
  expect(screen.getAllByLabelText(/密码/)).toEqual([input]);
  expect(eye).toHaveAttribute('aria-pressed', 'false');
  await user.click(eye);
  expect(input).toHaveAttribute('type', 'text');
  expect(eye).toHaveAttribute('aria-pressed', 'true');
  await user.click(eye);
  expect(input).toHaveAttribute('type', 'password');
  expect(input).toHaveValue('Change99');
});

test('a required text is blank once trimmed, then checked as trimmed', () => {
  const phone = requiredText('请输入手机号', (text) => /^1\d{10}$/.test(text), '手机号格式不正确');
  expect(phone('   ')).toBe('请输入手机号');
  expect(phone(undefined)).toBe('请输入手机号');
  expect(phone(' 1381234567 ')).toBe('手机号格式不正确');
  expect(phone(' 13812345678 ')).toBeUndefined();
  expect(requiredText('请输入专业')('药学')).toBeUndefined();
});

test('at 提交 the first field with a problem, in the form order, gets the focus', () => {
  render(
    <form>
      <input id="a" aria-label="甲" />
      <input id="b" aria-label="乙" />
      <input id="c" aria-label="丙" />
    </form>,
  );
  const fields = ['a', 'b', 'c'] as const;
  expect(focusFirstProblem(fields, { c: '丙有误', b: '乙有误' }, (field) => field)).toBe(true);
  expect(screen.getByLabelText('乙')).toHaveFocus();
  expect(focusFirstProblem(fields, { a: undefined }, (field) => field)).toBe(false);
  expect(screen.getByLabelText('乙')).toHaveFocus();
});

test('a hint stays under its input when a problem shows, under the problem, and describes the input', () => {
  const row = (problem?: string) => (
    <FormRow label="邮箱" inputId="email" required problem={problem} hint="电子发票将发送至该邮箱">
      <input id="email" className="site-input" {...problemPropsOf('email', problem, true)} />
    </FormRow>
  );
  const { rerender } = render(row());
  const input = screen.getByRole('textbox', { name: '邮箱：' });
  expect(input).toHaveAccessibleDescription('电子发票将发送至该邮箱');
  rerender(row('请输入正确的邮箱'));
  expect(input).toHaveAccessibleDescription('请输入正确的邮箱 电子发票将发送至该邮箱');
  const [problem, hint] = [screen.getByRole('alert'), screen.getByText('电子发票将发送至该邮箱')];
  expect(problem.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
