import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@yaoshi/ui/router';
import { SiteButton } from '@yaoshi/ui/site-button';
import {
  AVATAR_WARNING_TEXT,
  CLOSED_TIP,
  TipDialog,
  type TipConfirmEvent,
  type TipDialogModel,
} from '@yaoshi/ui/tip-dialog';
import { useLogout } from '../login/use-logout';
import { useUserData } from '../login/use-user-data';
import { FACE_COLLECTION_PATH } from '../route-guard/guard-rules';
import { STUDENT_MENU, STUDENT_MENU_WIDTH_PX } from './student-menu';
import { tokens } from '@yaoshi/ui/site-tokens';

export const WELCOME_FALLBACK_NAME = '学员';

const AVATAR_PX = 32;

/**
 * The frame is drawn with plain elements and one small stylesheet, not antd's Layout, Menu
 * and Avatar: it is on every learner page's first load, and antd's Menu alone brings
 * rc-menu, rc-overflow and rc-trigger (about 30 KB gzip). The look is antd's inline menu.
 */
const STYLES = `
.student-menu { margin: 0; padding: 4px 0; list-style: none; }
.student-menu a { display: block; margin: 4px; padding: 0 24px; line-height: 40px; border-radius: 8px;
  color: var(--ys-color-text); font-size: 14px; text-decoration: none; transition: background .2s, color .2s;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.student-menu a:hover { background: var(--ys-color-fill-secondary); text-decoration: none; }
.student-menu a:focus-visible { outline: 2px solid ${tokens.colorPrimary}; outline-offset: -2px; }
.student-menu a[aria-current="page"] { background: var(--ys-color-bg-primary-soft); color: ${tokens.colorPrimary}; }
`;

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
  const name = userData?.name ?? WELCOME_FALLBACK_NAME;

  const onTipConfirm = (event: TipConfirmEvent) => {
    setTip(CLOSED_TIP);
    if (event === 'sureOpen') void navigate(FACE_COLLECTION_PATH);
  };

  return (
    <section aria-label="学员中心">
      <style href="yaoshi-student-frame" precedence="default">
        {STYLES}
      </style>
      <TipDialog model={tip} onConfirm={onTipConfirm} onCancel={() => setTip(CLOSED_TIP)} />
      <div
        role="banner"
        aria-label="欢迎栏"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 16px',
          background: tokens.colorBgPrimarySoft,
          borderRadius: 4,
        }}
      >
        <button
          type="button"
          onClick={() => setTip({ show: true, text: AVATAR_WARNING_TEXT })}
          aria-label="更换人脸头像"
          style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', borderRadius: '50%' }}
        >
          {/* The button's label names it; the photo inside is decoration (alt="", Lighthouse's image-alt). */}
          {userData?.avatar ? (
            <img
              src={userData.avatar}
              alt=""
              width={AVATAR_PX}
              height={AVATAR_PX}
              style={{ display: 'block', borderRadius: '50%', objectFit: 'cover' }}
            />
          ) : (
            <span
              aria-hidden
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: AVATAR_PX,
                height: AVATAR_PX,
                borderRadius: '50%',
                background: tokens.colorBgVeil,
                color: tokens.colorTextLightSolid,
                fontSize: 14,
              }}
            >
              {name.slice(0, 1)}
            </span>
          )}
        </button>
        <span style={{ flex: 1 }}>欢迎您，{name}！</span>
        <Link to="/">返回首页</Link>
        <SiteButton onClick={() => void logout()} style={{ height: 24, padding: '0 7px' }}>
          退出登录
        </SiteButton>
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-start', marginTop: 16 }}>
        <nav
          aria-label="学员中心菜单"
          style={{
            flex: `0 0 ${STUDENT_MENU_WIDTH_PX}px`,
            width: STUDENT_MENU_WIDTH_PX,
            background: tokens.colorBgContainer,
          }}
        >
          <ul className="student-menu">
            {STUDENT_MENU.map((item) => (
              <li key={item.path}>
                <Link to={item.path} aria-current={item.path === activeMenuPath ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* A div, not a second <main>: the site's layout has the one. */}
        <div
          style={{
            flex: 1,
            minWidth: 0,
            background: tokens.colorBgContainer,
            marginLeft: 16,
            padding: 16,
            minHeight: 480,
          }}
        >
          {children}
        </div>
      </div>
    </section>
  );
}
