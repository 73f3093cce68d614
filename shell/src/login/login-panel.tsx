import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { inSiteAntdScope } from '@yaoshi/ui/antd-scope';
import { SectionBox } from '@yaoshi/ui/section-box';
import { Avatar } from '@yaoshi/ui/site-avatar';
import { SiteButton } from '@yaoshi/ui/site-button';
import { FieldProblem, PasswordInput, SiteInputStyles, problemIdOf } from '@yaoshi/ui/site-form';
import { clearMessages } from '@yaoshi/ui/show-message';
import { Link, useNavigate } from '@yaoshi/ui/router';
import { selectSession, startSession, storeUserData } from '@yaoshi/api-client/session';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { AGREEMENT_NAME } from '@yaoshi/contracts/site-names';
import { showMessage } from '@yaoshi/ui/show-message';
import { useLazyUserInfoQuery, useLoginMutation } from './account-api';
import { LOGIN_INPUT_ID } from './login-focus';
import { CodeButton } from './code-button';
import { useRequestCode } from './use-request-code';
import {
  LOGIN_FIELDS,
  LOGIN_LIMITS,
  LOGIN_TEXTS,
  loginFieldProblem,
  loginProblems,
  type LoginField,
  type LoginMode,
  type LoginValues,
} from './login-rules';
import { useLogout } from './use-logout';
import { FACE_COLLECTION_PATH } from '../route-guard/guard-rules';
import { useUserData } from './use-user-data';
import { tokens } from '@yaoshi/ui/site-tokens';

// Opened by few visitors: loaded when 忘记密码 is clicked, with antd's context (it is an antd
// Form in an antd Modal), not with the home page.
const ForgotPasswordModal = lazy(() =>
  inSiteAntdScope(import('./forgot-password-modal').then((m) => m.ForgotPasswordModal)),
);
// The policy a visitor is asked to agree to, readable before login: loaded on its link's click.
const PrivacyPolicyDialog = lazy(() =>
  import('./privacy-policy-dialog').then((m) => ({ default: m.PrivacyPolicyDialog })),
);

const MODE_OPTIONS = [
  { value: 'password', label: '密码登录' },
  { value: 'code', label: '验证码登录' },
] satisfies { value: LoginMode; label: string }[];

export const STUDENT_AREA_HOME = '/studentsNote';
/** Where a learner whose password was reset goes first. */
export const CHANGE_PASSWORD_PATH = '/myInfo?tab=password';

/**
 * The login box is plain markup, not antd's Form: it is on the home page, the site's first
 * load, which then needs none of antd (Form, Input, Checkbox and the engine behind them).
 * It looks and behaves like the antd form it replaced: a field checks itself as it is
 * edited, and 登录 checks them all before anything is sent.
 */
const EMPTY_VALUES: LoginValues = { username: '', password: '', phone: '', vcode: '', agreement: true };

/** The home page's login box (spec 01 §2, §4, §5), or the logged-in panel. */
export function LoginPanel() {
  const { isLogin } = useSelector(selectSession);
  return isLogin ? <LoggedInPanel /> : <LoginBox />;
}

/** A field's problem under it, tied to its input for screen readers. */
function FieldRow({ id, problem, children }: { id: string; problem: string | undefined; children: ReactNode }) {
  return (
    <div style={{ marginBottom: problem ? 6 : 24 }}>
      {children}
      {problem && <FieldProblem inputId={id} problem={problem} />}
    </div>
  );
}

function LoginBox() {
  const [mode, setMode] = useState<LoginMode>('password');
  const [values, setValues] = useState<LoginValues>(EMPTY_VALUES);
  const [problems, setProblems] = useState<Partial<Record<LoginField, string>>>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  const [policyOpen, setPolicyOpen] = useState(false);
  const [login, { isLoading }] = useLoginMutation();
  const [fetchUserInfo] = useLazyUserInfoQuery();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const idPrefix = useId();

  const requestCode = useRequestCode(
    () => values.phone,
    () => setProblems((current) => ({ ...current, phone: undefined })),
  );

  const change = <F extends LoginField>(field: F, value: LoginValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setProblems((current) => ({ ...current, [field]: loginFieldProblem(field, next) ?? undefined }));
  };

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setProblems({});
  };

  const submit = async () => {
    const found = loginProblems(mode, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const request =
      mode === 'password'
        ? { type: '1' as const, username: values.username, password: values.password }
        : { type: '2' as const, phone: values.phone, vcode: values.vcode };
    let result;
    try {
      result = await login(request).unwrap();
    } catch {
      return; // the error catalogue has shown the server's message
    }
    // An error from an earlier attempt (账号或密码错误) must not follow the learner in.
    clearMessages();
    setProblems({});
    if (startSession(dispatch, result.token, result.face_init) === 'faceCollection') {
      await navigate(FACE_COLLECTION_PATH);
      return;
    }
    try {
      storeUserData(dispatch, await fetchUserInfo().unwrap());
    } catch {
      // The frame asks again; logging in does not depend on it.
    }
    if (result.must_change_password) {
      showMessage(MESSAGE_TEXTS.mustChangePassword, { type: 'warning', duration: 5 });
      await navigate(CHANGE_PASSWORD_PATH);
      return;
    }
    await navigate(STUDENT_AREA_HOME);
  };

  /** The mode's first input has the id the 请先登录 dialog focuses. */
  const fieldId = (field: LoginField) => (field === LOGIN_FIELDS[mode][0] ? LOGIN_INPUT_ID : `${idPrefix}-${field}`);

  /** The props every text input shares: value, change, and its problem for assistive technology. */
  const inputProps = (field: Exclude<LoginField, 'agreement'>) => {
    const id = fieldId(field);
    const problem = problems[field];
    return {
      id,
      className: 'site-input',
      value: values[field],
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? problemIdOf(id) : undefined,
    };
  };

  return (
    <SectionBox title="学员登录" style={{ height: '100%', boxSizing: 'border-box' }}>
      <SiteInputStyles />
      <div
        role="group"
        aria-label="登录方式"
        style={{
          display: 'flex',
          margin: '4px 0 12px',
          border: `1px solid ${tokens.colorPrimary}`,
          borderRadius: 6,
          overflow: 'hidden',
        }}
      >
        {MODE_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={mode === option.value}
            onClick={() => switchMode(option.value)}
            style={{
              flex: 1,
              padding: '6px 0',
              border: 'none',
              cursor: 'pointer',
              fontSize: 14,
              background: mode === option.value ? tokens.colorPrimary : tokens.colorTextLightSolid,
              color: mode === option.value ? tokens.colorTextLightSolid : tokens.colorPrimary,
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
      <form
        aria-label="学员登录"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mode === 'password' ? (
          <>
            <FieldRow id={fieldId('username')} problem={problems.username}>
              <input
                {...inputProps('username')}
                placeholder="身份证号/手机号"
                maxLength={LOGIN_LIMITS.usernameMaxLength}
                aria-label="身份证号/手机号"
                autoComplete="username"
              />
            </FieldRow>
            <FieldRow id={fieldId('password')} problem={problems.password}>
              <PasswordInput
                {...inputProps('password')}
                placeholder="密码"
                aria-label="密码"
                autoComplete="current-password"
              />
            </FieldRow>
          </>
        ) : (
          <>
            <FieldRow id={fieldId('phone')} problem={problems.phone}>
              <input
                {...inputProps('phone')}
                inputMode="numeric"
                placeholder="手机号"
                maxLength={LOGIN_LIMITS.phoneLength}
                aria-label="手机号"
                autoComplete="tel"
              />
            </FieldRow>
            <FieldRow id={fieldId('vcode')} problem={problems.vcode}>
              <div style={{ display: 'flex', gap: 8 }}>
                <input
                  {...inputProps('vcode')}
                  inputMode="numeric"
                  placeholder="验证码"
                  aria-label="验证码"
                  maxLength={LOGIN_LIMITS.codeMaxLength}
                  autoComplete="one-time-code"
                />
                <CodeButton send={requestCode} />
              </div>
            </FieldRow>
          </>
        )}
        <FieldRow id={fieldId('agreement')} problem={problems.agreement}>
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontSize: 14, cursor: 'pointer' }}>
            <input
              type="checkbox"
              checked={values.agreement}
              onChange={(event) => change('agreement', event.target.checked)}
              aria-invalid={problems.agreement ? true : undefined}
              aria-describedby={problems.agreement ? problemIdOf(fieldId('agreement')) : undefined}
              style={{ width: 16, height: 16, margin: 0, accentColor: tokens.colorPrimary }}
            />
            <span>我已阅读并同意</span>
          </label>
          {/* Outside the label: opening the policy must not tick or untick the box. */}
          <button
            type="button"
            onClick={() => setPolicyOpen(true)}
            style={{
              padding: 0,
              border: 'none',
              background: 'transparent',
              color: tokens.colorPrimary,
              font: 'inherit',
              fontSize: 14,
              cursor: 'pointer',
            }}
          >
            《{AGREEMENT_NAME}》
          </button>
        </FieldRow>
        <SiteButton type="submit" variant="primary" block loading={isLoading}>
          登录
        </SiteButton>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 8 }}>
          <span style={{ fontSize: 12, color: tokens.colorTextDescription }}>{LOGIN_TEXTS.initialPasswordHint}</span>
          <SiteButton variant="link" onClick={() => setForgotOpen(true)} style={{ minHeight: 24 }}>
            忘记密码
          </SiteButton>
        </div>
      </form>
      {policyOpen && (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog open={policyOpen} onClose={() => setPolicyOpen(false)} />
        </Suspense>
      )}
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </SectionBox>
  );
}

function LoggedInPanel() {
  const userData = useUserData();
  const logout = useLogout();
  return (
    <SectionBox title="学员中心" style={{ height: '100%', boxSizing: 'border-box' }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, width: '100%' }}>
        <Avatar src={userData?.avatar || undefined} name={userData?.name} />
        <strong>{userData?.name}</strong>
        <span style={{ color: tokens.colorTextDescription }}>{LOGIN_TEXTS.loggedIn}</span>
        <Link to={STUDENT_AREA_HOME}>进入学员中心</Link>
        <SiteButton onClick={() => void logout()}>退出登录</SiteButton>
      </div>
    </SectionBox>
  );
}
