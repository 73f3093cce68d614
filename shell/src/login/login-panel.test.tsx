import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { fail, ok } from '@yaoshi/api-client/testing/stub-api';
import { fakeRegistry, renderSite, serveSiteContent } from '../testing/render-site';
import { LoginPanel } from './login-panel';

/** The home page of these tests is a stand-in that places the shell's login panel, as public-content does. */
const homeWithPanel = () => ({
  ...fakeRegistry(),
  load: async (remote: string, exposed: string) => ({
    default: remote === 'public-content' && exposed === 'Home' ? LoginPanel : () => <h1>{`${remote}:${exposed}`}</h1>,
  }),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => act(() => message.destroy()));

async function openHome(routes: Parameters<typeof serveSiteContent>[0] = {}) {
  const received = serveSiteContent(routes);
  const site = await renderSite('/', homeWithPanel(), { anonymous: true });
  const form = await screen.findByRole('form', { name: '学员登录' });
  return { received, site, form, user: userEvent.setup() };
}

test('login id, password and agreement messages of spec 01 §5', async () => {
  const { form, user, received } = await openHome();
  expect(within(form).getByRole('checkbox')).toBeChecked();
  expect(within(form).getByLabelText('身份证号/手机号')).toHaveAttribute('maxlength', '18');
  await user.type(within(form).getByLabelText('身份证号/手机号'), '320106198503124511'); // wrong check digit
  await user.click(within(form).getByRole('checkbox'));
  await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
  expect(await within(form).findByText('请输入正确的身份证号或手机号')).toBeInTheDocument();
  expect(await within(form).findByText('请输入正确的密码')).toBeInTheDocument();
  expect(await within(form).findByText('请先勾选个人信息与隐私政策')).toBeInTheDocument();
  expect(received.some((c) => c.path === '/v1/login')).toBe(false);
});

test('code mode: 获取验证码 with an empty, then a malformed phone; then a sent code starts the countdown', async () => {
  const { form, user, received } = await openHome({ '/v1/vcode': () => ok(null) });
  await user.click(screen.getByText('验证码登录'));
  await user.click(within(form).getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('手机号'), '2381234567');
  await user.click(within(form).getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('手机号'));
  await user.type(within(form).getByLabelText('手机号'), '13812345678');
  expect(within(form).getByLabelText('验证码')).toHaveAttribute('maxlength', '6');
  await user.click(within(form).getByRole('button', { name: '获取验证码' }));
  expect(await within(form).findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
  expect(received.find((c) => c.path === '/v1/vcode')?.payload).toMatchObject({ phone: '13812345678' });
  // The learner is told the code went out, and the malformed-phone warning is gone.
  expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('手机号格式不正确')).not.toBeInTheDocument());
  expect(within(form).getByLabelText('手机号')).not.toHaveAttribute('aria-invalid');
});

test('face_init 0: only the token is stored and the learner goes to /faceCollection', async () => {
  const { form, user, site, received } = await openHome({ '/v1/login': () => ok({ token: 'tok-li', face_init: 0 }) });
  await user.type(within(form).getByLabelText('身份证号/手机号'), '11010519491231002X');
  await user.type(within(form).getByLabelText('密码'), '31002X');
  await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
  await waitFor(() => expect(site.location().pathname).toBe('/faceCollection'));
  expect(localStorage.getItem('token')).toBe('tok-li');
  expect(localStorage.getItem('isLogin')).toBeNull();
  expect(site.store.getState().session.isLogin).toBe(false);
  expect(received.find((c) => c.path === '/v1/login')?.payload).toMatchObject({
    type: '1',
    username: '11010519491231002X',
    password: '31002X',
  });
});

test('face_init 1: token, flag, state and cached user info, then /studentsNote', async () => {
  const { form, user, site } = await openHome({
    '/v1/login': () => ok({ token: 'tok-zhang', face_init: 1 }),
    '/v1/userinfo': () => ok({ name: '张晓明', avatar: '' }),
    '/v1/pc_notes': () => ok({ thumb: '', excerpt: '摘要', content: '<p>须知正文</p><script>alert(1)</script>' }),
  });
  await user.type(within(form).getByLabelText('身份证号/手机号'), '13812345678');
  await user.type(within(form).getByLabelText('密码'), '124510');
  await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
  await waitFor(() => expect(site.location().pathname).toBe('/studentsNote'));
  expect(localStorage.getItem('isLogin')).toBe('true');
  expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual({ name: '张晓明', avatar: '' });
  expect(await screen.findByText('欢迎您，张晓明！')).toBeInTheDocument();
  expect(await screen.findByText('须知正文')).toBeInTheDocument();
  expect(document.querySelector('script')).toBeNull();
});

test('a refused login shows the server message and stays home', async () => {
  const { form, user, site } = await openHome({ '/v1/login': () => fail(400, '账号或密码错误') });
  await user.type(within(form).getByLabelText('身份证号/手机号'), '13812345678');
  await user.type(within(form).getByLabelText('密码'), 'nope00');
  await user.click(within(form).getByRole('button', { name: /登\s*录/ }));
  expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
  expect(site.location().pathname).toBe('/');
});

test('forgot password: required messages, then 修改成功 closes the dialog', async () => {
  const { user, received } = await openHome({ '/v1/forget': () => ok(null) });
  await user.click(screen.getByRole('button', { name: '忘记密码' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  expect(await within(dialog).findByText('请输入身份证号')).toBeInTheDocument();
  expect(await within(dialog).findByText('请输入新密码')).toBeInTheDocument();
  expect(await within(dialog).findByText('请确认新密码')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('身份证号'), '320106198503124510');
  await user.type(within(dialog).getByLabelText('手机号'), '13812345678');
  await user.type(within(dialog).getByLabelText('验证码'), '123456');
  await user.type(within(dialog).getByLabelText('新密码', { selector: 'input' }), '12345');
  await user.type(within(dialog).getByLabelText('确认新密码', { selector: 'input' }), 'abcdef');
  await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  expect(await within(dialog).findByText('长度在 6 到 12 个字符')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('新密码', { selector: 'input' }), '6');
  await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('修改成功')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(received.find((c) => c.path === '/v1/forget')?.payload).toMatchObject({
    idcard: '320106198503124510',
    password: '123456',
    confirm_password: 'abcdef',
    vcode: '123456',
  });
});
