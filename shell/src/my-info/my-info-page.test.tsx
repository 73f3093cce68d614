import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { fail, ok, type ReceivedCall, type StubAnswer } from '@yaoshi/api-client/testing/stub-api';
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

function serveMyInfo(modify: () => StubAnswer, profile: () => StubAnswer | Promise<StubAnswer> = () => ok(PROFILE)) {
  return serveSiteContent({
    '/v1/userinfo': () => ok({ name: '王芳', avatar: '' }),
    '/v1/profile': profile,
    '/v1/modify': modify,
    '/v1/password': () => ok(null),
  });
}

async function openMyInfo(modify: () => StubAnswer) {
  const received: ReceivedCall[] = serveMyInfo(modify);
  await renderSite('/myInfo');
  const form = await screen.findByRole('form', { name: '学员信息' });
  await waitFor(() => expect(within(form).getByLabelText('工作单位')).toHaveValue(PROFILE.company));
  return { received, form };
}

/** The learner reaches for the address: the region table comes in and the province offers every province. */
async function reachForAddress(form: HTMLElement) {
  const province = within(form).getByRole('combobox', { name: '省' });
  fireEvent.focus(province);
  await within(province).findByRole('option', { name: '江苏省' });
}

const saveButton = (form: HTMLElement) => within(form).getByRole('button', { name: /保\s*存/ });
const modifyCalls = (received: ReceivedCall[]) => received.filter((call) => call.path === '/v1/modify');
/** The alert under a field, which its input names as its description. */
const problemOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
};

test('while the profile loads the form is a placeholder; then it shows the profile', async () => {
  let answer: (value: StubAnswer) => void = () => {};
  serveMyInfo(
    () => ok(null),
    () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
  );
  await renderSite('/myInfo');
  expect(await screen.findByRole('status', { name: '加载中' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: '学员信息' })).not.toBeInTheDocument();
  act(() => answer(ok(PROFILE)));
  const form = await screen.findByRole('form', { name: '学员信息' });
  expect(within(form).getByLabelText('邮箱')).toHaveValue(PROFILE.email);
  expect(within(form).getByRole('combobox', { name: '学历' })).toHaveDisplayValue('研究生');
  expect(screen.queryByRole('status', { name: '加载中' })).not.toBeInTheDocument();
});

test('read-only fields; company must be Chinese (on blur); a save sends names and codes and says 保存成功', async () => {
  const { form, received } = await openMyInfo(() => ok(null));
  for (const label of ['姓名', '手机号', '身份证号', '证书类型'])
    expect(within(form).getByLabelText(label)).toBeDisabled();
  expect(within(form).getByLabelText('证书类型')).toHaveDisplayValue('执业西药师');
  for (const label of ['工作单位', '专业', '邮箱', '学历', '省'])
    expect(within(form).getByLabelText(label)).toBeEnabled();
  // The visible label names the input too.
  expect(form.querySelector('label[for="my-info-company"]')).toHaveTextContent('工作单位');

  const company = within(form).getByLabelText('工作单位');
  fireEvent.change(company, { target: { value: 'ABC' } });
  // Checked on blur, not while typing.
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.blur(company);
  expect(await within(form).findByText('工作单位只能为中文')).toBeInTheDocument();
  expect(company).toHaveAttribute('aria-invalid', 'true');
  expect(problemOf(company)).toHaveTextContent('工作单位只能为中文');
  expect(problemOf(company)).toHaveAttribute('role', 'alert');
  fireEvent.change(company, { target: { value: '' } });
  fireEvent.blur(company);
  expect(await within(form).findByText('请输入工作单位')).toBeInTheDocument();
  expect(within(form).getAllByRole('alert')).toHaveLength(1);
  fireEvent.change(company, { target: { value: '上海市第一人民医院' } });
  fireEvent.blur(company);
  await waitFor(() => expect(within(form).queryByText('请输入工作单位')).not.toBeInTheDocument());
  expect(company).not.toHaveAttribute('aria-invalid');
  await userEvent.selectOptions(within(form).getByLabelText('性别'), '男');
  await userEvent.click(saveButton(form));
  expect(await screen.findByText('保存成功')).toBeInTheDocument();
  expect(modifyCalls(received)[0]?.payload).toMatchObject({
    name: '王芳',
    company: '上海市第一人民医院',
    sex: 1,
    province: '上海市',
    city: '市辖区',
    county: '浦东新区',
    province_id: '31',
    city_id: '3101',
    area_id: '310115',
  });
});

test('the address shows as stored at once; the region table comes in only when the learner reaches for it', async () => {
  const { form } = await openMyInfo(() => ok(null));
  const province = within(form).getByRole('combobox', { name: '省' });
  expect(province).toHaveDisplayValue('上海市');
  expect(within(form).getByRole('combobox', { name: '市' })).toHaveDisplayValue('市辖区');
  expect(within(form).getByRole('combobox', { name: '区县' })).toHaveDisplayValue('浦东新区');
  // Only the stored province until then: the page did not fetch the table.
  expect(within(province).queryByRole('option', { name: '江苏省' })).not.toBeInTheDocument();
  expect(saveButton(form)).toBeEnabled();
  await reachForAddress(form);
  expect(province).toHaveDisplayValue('上海市');
});

test('another province clears city and county; 保存 then asks for the city once, focuses it and sends nothing', async () => {
  const { form, received } = await openMyInfo(() => ok(null));
  const province = within(form).getByRole('combobox', { name: '省' });
  const city = within(form).getByRole('combobox', { name: '市' });
  const county = within(form).getByRole('combobox', { name: '区县' });
  expect(city).toHaveDisplayValue('市辖区');
  await reachForAddress(form);
  await userEvent.selectOptions(province, '江苏省');
  expect(city).toHaveDisplayValue('市');
  expect(county).toHaveDisplayValue('区/县');
  // Not a problem until the next check.
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  await userEvent.click(saveButton(form));
  expect(await within(form).findAllByText('请选择单位地址')).toHaveLength(1);
  expect(city).toHaveFocus();
  expect(problemOf(city)).toHaveTextContent('请选择单位地址');
  expect(modifyCalls(received)).toHaveLength(0);

  // Choosing the city is its check; the county list is then the city's; another city clears the county.
  await userEvent.selectOptions(city, '南京市');
  expect(within(form).queryByText('请选择单位地址')).not.toBeInTheDocument();
  await userEvent.selectOptions(county, '鼓楼区');
  await userEvent.selectOptions(city, '无锡市');
  expect(county).toHaveDisplayValue('区/县');
  expect(within(county).queryByRole('option', { name: '鼓楼区' })).not.toBeInTheDocument();
  await userEvent.selectOptions(city, '苏州市');
  await userEvent.selectOptions(county, '姑苏区');
  await userEvent.click(saveButton(form));
  expect(await screen.findByText('保存成功')).toBeInTheDocument();
  const {
    province: provinceName,
    city: cityName,
    county: countyName,
    ...codes
  } = modifyCalls(received)[0]?.payload ?? {};
  expect([provinceName, cityName, countyName].join('')).toBe('江苏省苏州市姑苏区');
  expect(codes).toMatchObject({ province_id: '32', city_id: '3205', area_id: '320508' });
});

test('保存 checks every field: each problem under its field, the first focused, nothing sent', async () => {
  const { form, received } = await openMyInfo(() => ok(null));
  fireEvent.change(within(form).getByLabelText('工作单位'), { target: { value: '' } });
  fireEvent.change(within(form).getByLabelText('专业'), { target: { value: '   ' } });
  fireEvent.change(within(form).getByLabelText('邮箱'), { target: { value: 'wangfang@' } });
  // Optional.
  fireEvent.change(within(form).getByLabelText('资格证书编号2'), { target: { value: '' } });
  await userEvent.click(saveButton(form));
  expect(await within(form).findByText('请输入工作单位')).toBeInTheDocument();
  expect(problemOf(within(form).getByLabelText('专业'))).toHaveTextContent('请输入专业');
  expect(problemOf(within(form).getByLabelText('邮箱'))).toHaveTextContent('格式不正确');
  expect(within(form).getAllByRole('alert')).toHaveLength(3);
  expect(within(form).getByLabelText('工作单位')).toHaveFocus();
  expect(modifyCalls(received)).toHaveLength(0);
});

test('a failed save shows nothing but the server message, and the form keeps what was typed', async () => {
  const { form, received } = await openMyInfo(() => fail(422, '单位地址不正确，请重新选择'));
  fireEvent.change(within(form).getByLabelText('工作单位'), { target: { value: '上海市第一人民医院' } });
  await userEvent.click(saveButton(form));
  expect(await screen.findByText('单位地址不正确，请重新选择')).toBeInTheDocument();
  expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
  expect(modifyCalls(received)).toHaveLength(1);
  expect(within(form).getByLabelText('工作单位')).toHaveValue('上海市第一人民医院');
  await waitFor(() => expect(saveButton(form)).toBeEnabled());
});

test('password tab: required, too short, mismatch, one message per field; then 修改成功 clears the form', async () => {
  const { received } = await openMyInfo(() => ok(null));
  await userEvent.click(screen.getByRole('tab', { name: '修改密码' }));
  const form = await screen.findByRole('form', { name: '修改密码' });
  const newPassword = within(form).getByLabelText('新密码', { selector: 'input' });
  const confirm = within(form).getByLabelText('确认密码', { selector: 'input' });
  const submit = () => userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));
  await submit();
  expect(await within(form).findByText('请输入密码')).toBeInTheDocument();
  expect(problemOf(confirm)).toHaveTextContent('请输入确认密码');
  // One message per field (issue 16 item 11).
  expect(within(form).queryByText('请再次输入密码')).not.toBeInTheDocument();
  expect(within(form).getAllByRole('alert')).toHaveLength(2);
  expect(newPassword).toHaveFocus();

  await userEvent.type(newPassword, '123');
  // Checked as typed.
  expect(problemOf(newPassword)).toHaveTextContent('密码长度不能小于6位');
  await userEvent.type(confirm, '  ');
  expect(problemOf(confirm)).toHaveTextContent('请再次输入密码');
  await userEvent.clear(confirm);
  await userEvent.type(confirm, '123');
  // Equal to the new password: only the new password's problem is left.
  expect(problemOf(confirm)).toBeNull();
  expect(within(form).getAllByRole('alert')).toHaveLength(1);
  // The confirmation follows the new password.
  await userEvent.type(newPassword, '456');
  expect(problemOf(newPassword)).toBeNull();
  expect(problemOf(confirm)).toHaveTextContent('两次输入的密码不一致');
  await userEvent.clear(confirm);
  await userEvent.type(confirm, '123456');
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  await submit();
  expect(await screen.findByText('修改成功')).toBeInTheDocument();
  await waitFor(() => expect(newPassword).toHaveValue(''));
  expect(confirm).toHaveValue('');
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  expect(received.find((c) => c.path === '/v1/password')?.payload).toMatchObject({
    newpasswd: '123456',
    confirmpasswd: '123456',
  });
});
