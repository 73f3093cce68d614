import { Suspense, lazy, useState } from 'react';
import { Avatar, Button, Checkbox, Form, Input, Space } from 'antd';
import { BRAND_BLUE, SectionBox } from '@yaoshi/ui/section-box';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { selectSession, startSession, storeUserData } from '@yaoshi/api-client/session';
import { useLazyUserInfoQuery, useLoginMutation } from './account-api';
import { CodeButton } from './code-button';
import { useRequestCode } from './use-request-code';
import { LOGIN_LIMITS, LOGIN_RULES, LOGIN_TEXTS } from './login-rules';
import { useLogout } from './use-logout';
import { useUserData } from './use-user-data';

type LoginMode = 'password' | 'code';

// Opened by few visitors: loaded when 忘记密码 is clicked, not with the home page.
const ForgotPasswordModal = lazy(() => import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })));

interface LoginFormValues {
  username?: string;
  password?: string;
  phone?: string;
  vcode?: string;
  agreement: boolean;
}

const MODE_OPTIONS = [
  { value: 'password', label: '密码登录' },
  { value: 'code', label: '验证码登录' },
] satisfies { value: LoginMode; label: string }[];

export const STUDENT_AREA_HOME = '/studentsNote';
/** The first input of either login mode; the home page's 请先登录 dialog focuses it. */
export const LOGIN_INPUT_ID = 'login-username';

export function focusLoginInput(): void {
  const input = document.getElementById(LOGIN_INPUT_ID);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}
export const FACE_COLLECTION_PATH = '/faceCollection';

/** The home page's login box (spec 01 §2, §4, §5), or the logged-in panel. */
export function LoginPanel() {
  const { isLogin } = useSelector(selectSession);
  return isLogin ? <LoggedInPanel /> : <LoginBox />;
}

function LoginBox() {
  const [mode, setMode] = useState<LoginMode>('password');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [form] = Form.useForm<LoginFormValues>();
  const [login, { isLoading }] = useLoginMutation();
  const [fetchUserInfo] = useLazyUserInfoQuery();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const requestCode = useRequestCode(form);

  const onFinish = async (values: LoginFormValues) => {
    const request =
      mode === 'password'
        ? { type: '1' as const, username: values.username ?? '', password: values.password ?? '' }
        : { type: '2' as const, phone: values.phone ?? '', vcode: values.vcode ?? '' };
    let result;
    try {
      result = await login(request).unwrap();
    } catch {
      return; // the error catalogue has shown the server's message
    }
    if (startSession(dispatch, result.token, result.face_init) === 'faceCollection') {
      await navigate(FACE_COLLECTION_PATH);
      return;
    }
    try {
      storeUserData(dispatch, await fetchUserInfo().unwrap());
    } catch {
      // The frame asks again; logging in does not depend on it.
    }
    await navigate(STUDENT_AREA_HOME);
  };

  return (
    <SectionBox title="学员登录" style={{ height: '100%', boxSizing: 'border-box' }}>
      <div role="group" aria-label="登录方式" style={{ display: 'flex', margin: '4px 0 12px', border: `1px solid ${BRAND_BLUE}`, borderRadius: 6, overflow: 'hidden' }}>
        {MODE_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={mode === option.value}
            onClick={() => setMode(option.value)}
            style={{ flex: 1, padding: '6px 0', border: 'none', cursor: 'pointer', fontSize: 14, background: mode === option.value ? BRAND_BLUE : '#fff', color: mode === option.value ? '#fff' : BRAND_BLUE }}
          >
            {option.label}
          </button>
        ))}
      </div>
      <Form<LoginFormValues> form={form} onFinish={(values) => void onFinish(values)} initialValues={{ agreement: true }} aria-label="学员登录">
        {mode === 'password' ? (
          <>
            <Form.Item name="username" rules={LOGIN_RULES.username}>
              <Input id={LOGIN_INPUT_ID} placeholder="身份证号/手机号" maxLength={LOGIN_LIMITS.usernameMaxLength} aria-label="身份证号/手机号" autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" rules={LOGIN_RULES.password}>
              <Input.Password placeholder="密码" aria-label="密码" autoComplete="current-password" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="phone" rules={LOGIN_RULES.phone}>
              <Input id={LOGIN_INPUT_ID} placeholder="手机号" maxLength={LOGIN_LIMITS.phoneLength} aria-label="手机号" autoComplete="tel" />
            </Form.Item>
            <Form.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="vcode" rules={LOGIN_RULES.vcode} noStyle>
                  <Input placeholder="验证码" aria-label="验证码" maxLength={LOGIN_LIMITS.codeMaxLength} autoComplete="one-time-code" />
                </Form.Item>
                <CodeButton send={requestCode} />
              </Space.Compact>
            </Form.Item>
          </>
        )}
        <Form.Item name="agreement" valuePropName="checked" rules={LOGIN_RULES.agreement}>
          <Checkbox>
            我已阅读并同意<Link to="/agreement">《个人信息与隐私政策》</Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          登录
        </Button>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
          <span style={{ fontSize: 12, color: '#595959' }}>
            {LOGIN_TEXTS.initialPasswordHint}
          </span>
          <Button type="link" size="small" onClick={() => setForgotOpen(true)} style={{ padding: 0 }}>
            忘记密码
          </Button>
        </div>
      </Form>
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
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <Avatar size={64} src={userData?.avatar || undefined}>
          {userData?.name?.slice(0, 1)}
        </Avatar>
        <strong>{userData?.name}</strong>
        <span style={{ color: '#595959' }}>{LOGIN_TEXTS.loggedIn}</span>
        <Link to={STUDENT_AREA_HOME}>进入学员中心</Link>
        <Button onClick={() => void logout()}>退出登录</Button>
      </Space>
    </SectionBox>
  );
}
