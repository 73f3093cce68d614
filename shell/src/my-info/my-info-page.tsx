import { Tabs } from 'antd';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** /myInfo (spec 01 §2): two tabs, 学员信息 and 修改密码. */
export function MyInfoPage() {
  return (
    <Tabs
      items={[
        { key: 'profile', label: '学员信息', children: <ProfileForm /> },
        { key: 'password', label: '修改密码', children: <PasswordForm /> },
      ]}
    />
  );
}
