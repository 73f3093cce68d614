import { Suspense, lazy } from 'react';
import { Tabs } from '@yaoshi/ui/site-tabs';
import { Spin } from '@yaoshi/ui/site-spin';
import { useSearchParams } from '@yaoshi/ui/router';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/**
 * 个人信息与账号 is fetched when its tab opens: its dialogs and text box (antd's Modal and
 * Input, 23 KB gzip) are not part of the page most learners come for.
 */
const MyDataPanel = lazy(() => import('./my-data-panel').then((module) => ({ default: module.MyDataPanel })));

/** /myInfo (spec 01 §2): 学员信息 and 修改密码, and 个人信息与账号 (the learner's copy of their data, account closure). */
export function MyInfoPage() {
  // ?tab=password: sent here after 学员管理 reset the password (issue 18).
  // ?tab=data: the personal-data tab (linked from /faceCollection's notice).
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return (
    <Tabs
      defaultActiveKey={tab === 'password' || tab === 'data' ? tab : 'profile'}
      items={[
        { key: 'profile', label: '学员信息', children: <ProfileForm /> },
        { key: 'password', label: '修改密码', children: <PasswordForm /> },
        {
          key: 'data',
          label: '个人信息与账号',
          children: (
            <Suspense fallback={<Spin description="加载中" />}>
              <MyDataPanel />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
