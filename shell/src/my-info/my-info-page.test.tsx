import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { fail, ok, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { renderSite, serveSiteContent } from '../testing/render-site';

const PROFILE = {
  name: '王芳',
  phone: '13700002222',
  idcard: '310115198808080058',
  certification_type: 1,
  company: '上海市浦东新区人民医院',
  province: '上海市',
  city: '市辖区',
  county: '浦东新区',
  province_id: '310000',
  city_id: '310100',
  area_id: '310115',
  education: 5,
  sex: 2,
  major: '药学',
  certification_number1: 'ZY001',
  certification_number2: '',
  graduate_school: '复旦大学',
  ethnic: 1,
  profession_ranks: 2,
  politics_status: 3,
  email: 'wangfang@example.com',
  avatar_status: 1,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => act(() => message.destroy()));

async function openMyInfo(modify: () => ReturnType<typeof ok>) {
  const received: ReceivedCall[] = serveSiteContent({
    '/v1/userinfo': () => ok({ name: '王芳', avatar: '' }),
    '/v1/profile': () => ok(PROFILE),
    '/v1/modify': modify,
    '/v1/password': () => ok(null),
  });
  await renderSite('/myInfo');
  const form = await screen.findByRole('form', { name: '学员信息' });
  await waitFor(() => expect(within(form).getByLabelText('工作单位')).toHaveValue(PROFILE.company));
  return { received, form };
}

test('read-only fields; company must be Chinese (on blur); a save sends names and codes and says 保存成功', async () => {
  const { form, received } = await openMyInfo(() => ok(null));
  expect(within(form).getByLabelText('姓名')).toBeDisabled();
  expect(within(form).getByLabelText('身份证号')).toBeDisabled();
  const company = within(form).getByLabelText('工作单位');
  fireEvent.change(company, { target: { value: 'ABC' } });
  fireEvent.blur(company);
  expect(await within(form).findByText('工作单位只能为中文')).toBeInTheDocument();
  fireEvent.change(company, { target: { value: '' } });
  fireEvent.blur(company);
  expect(await within(form).findByText('请输入工作单位')).toBeInTheDocument();
  fireEvent.change(company, { target: { value: '上海市第一人民医院' } });
  fireEvent.blur(company);
  await waitFor(() => expect(within(form).queryByText('请输入工作单位')).not.toBeInTheDocument());
  await waitFor(() => expect(within(form).getByRole('button', { name: /保\s*存/ })).toBeEnabled());
  await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText('保存成功')).toBeInTheDocument();
  expect(received.find((c) => c.path === '/v1/modify')?.payload).toMatchObject({
    company: '上海市第一人民医院',
    province: '上海市',
    city: '市辖区',
    county: '浦东新区',
    province_id: '31',
    city_id: '3101',
    area_id: '310115',
  });
});

test('a failed save shows nothing but the server message', async () => {
  const { form } = await openMyInfo(() => fail(422, '单位地址不正确，请重新选择'));
  await waitFor(() => expect(within(form).getByRole('button', { name: /保\s*存/ })).toBeEnabled());
  await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText('单位地址不正确，请重新选择')).toBeInTheDocument();
  expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
});

test('password tab: required, too short, mismatch; then 修改成功 clears the form', async () => {
  const { received } = await openMyInfo(() => ok(null));
  await userEvent.click(screen.getByRole('tab', { name: '修改密码' }));
  const form = await screen.findByRole('form', { name: '修改密码' });
  await userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));
  expect(await within(form).findByText('请输入密码')).toBeInTheDocument();
  expect(await within(form).findByText('请输入确认密码')).toBeInTheDocument();
  // One message per field (issue 16 item 11).
  expect(within(form).queryByText('请再次输入密码')).not.toBeInTheDocument();
  expect(form.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(2);
  await userEvent.type(within(form).getByLabelText('新密码', { selector: 'input' }), '123');
  await userEvent.type(within(form).getByLabelText('确认密码', { selector: 'input' }), '654321');
  await userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));
  expect(await within(form).findByText('密码长度不能小于6位')).toBeInTheDocument();
  expect(await within(form).findByText('两次输入的密码不一致')).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('新密码', { selector: 'input' }), '456');
  await userEvent.clear(within(form).getByLabelText('确认密码', { selector: 'input' }));
  await userEvent.type(within(form).getByLabelText('确认密码', { selector: 'input' }), '123456');
  await userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));
  expect(await screen.findByText('修改成功')).toBeInTheDocument();
  await waitFor(() => expect(within(form).getByLabelText('新密码', { selector: 'input' })).toHaveValue(''));
  expect(received.find((c) => c.path === '/v1/password')?.payload).toMatchObject({
    newpasswd: '123456',
    confirmpasswd: '123456',
  });
});
