import { Tabs } from '@yaoshi/ui/site-tabs';
import { useSearchParams } from '@yaoshi/ui/router';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** /myInfo (spec 01 §2): two tabs, 学员信息 and 修改密码. */
export function MyInfoPage() {
  // ?tab=password: sent here after 学员管理 reset the password (issue 18).
  const [params] = useSearchParams();
  return (
    <Tabs
      defaultActiveKey={params.get('tab') === 'password' ? 'password' : 'profile'}
      items={[
        { key: 'profile', label: '学员信息', children: <ProfileForm /> },
        { key: 'password', label: '修改密码', children: <PasswordForm /> },
      ]}
    />
  );
}
