import { useState, type ReactNode } from 'react';
import { Avatar, Button, Layout, Menu } from 'antd';
import { Link, useNavigate } from '@yaoshi/ui/router';
import {
  AVATAR_WARNING_TEXT,
  CLOSED_TIP,
  TipDialog,
  type TipConfirmEvent,
  type TipDialogModel,
} from '@yaoshi/ui/tip-dialog';
import { useLogout } from '../login/use-logout';
import { useUserData } from '../login/use-user-data';
import { FACE_COLLECTION_PATH } from './avatar-change';
import { STUDENT_MENU, STUDENT_MENU_WIDTH_PX } from './student-menu';

export const WELCOME_FALLBACK_NAME = '学员';

/**
 * The student centre's frame: welcome bar across the top, side menu on the left, the page
 * on the right. The route guard has let only logged-in learners in.
 */
export function StudentFrame({
  activeMenuPath,
  children,
}: {
  activeMenuPath: string | undefined;
  children: ReactNode;
}) {
  const userData = useUserData();
  const navigate = useNavigate();
  const logout = useLogout();
  const [tip, setTip] = useState<TipDialogModel>(CLOSED_TIP);

  const onTipConfirm = (event: TipConfirmEvent) => {
    setTip(CLOSED_TIP);
    if (event === 'sureOpen') void navigate(FACE_COLLECTION_PATH);
  };

  return (
    <section aria-label="学员中心">
      <TipDialog model={tip} onConfirm={onTipConfirm} onCancel={() => setTip(CLOSED_TIP)} />
      <div
        role="banner"
        aria-label="欢迎栏"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 16px',
          background: '#e6f0fa',
          borderRadius: 4,
        }}
      >
        <button
          type="button"
          onClick={() => setTip({ show: true, text: AVATAR_WARNING_TEXT })}
          aria-label="更换人脸头像"
          style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
        >
          {/* The button's label names it; the photo inside is decoration (alt="", Lighthouse's image-alt). */}
          <Avatar src={userData?.avatar || undefined} alt="">
            {(userData?.name ?? WELCOME_FALLBACK_NAME).slice(0, 1)}
          </Avatar>
        </button>
        <span style={{ flex: 1 }}>欢迎您，{userData?.name ?? WELCOME_FALLBACK_NAME}！</span>
        <Link to="/">返回首页</Link>
        <Button size="small" onClick={() => void logout()}>
          退出登录
        </Button>
      </div>
      <Layout style={{ marginTop: 16, background: 'transparent' }}>
        <Layout.Sider width={STUDENT_MENU_WIDTH_PX} theme="light" style={{ background: '#fff' }}>
          <Menu
            mode="inline"
            aria-label="学员中心菜单"
            selectedKeys={activeMenuPath ? [activeMenuPath] : []}
            items={STUDENT_MENU.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.label}</Link> }))}
          />
        </Layout.Sider>
        {/* A div, not Layout.Content: that renders a second <main> inside the site's. */}
        <div style={{ flex: 1, minWidth: 0, background: '#fff', marginLeft: 16, padding: 16, minHeight: 480 }}>
          {children}
        </div>
      </Layout>
    </section>
  );
}
