import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from '@yaoshi/ui/router';
import { selectSession } from '@yaoshi/api-client/session';
import { useSiteSlots } from '@yaoshi/ui/site-slots';
import { SiteDialog } from '@yaoshi/ui/site-dialog';
import { LOGIN_FIRST_TEXT, STUDENT_CENTRE_PATH } from './home-layout';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * The continuing-education banner (spec 01 §2): logged in, it opens the student centre;
 * otherwise it asks to log in first, and its confirm puts the cursor in the login box.
 */
export function EducationBanner() {
  const { isLogin } = useSelector(selectSession);
  const { focusLoginInput } = useSiteSlots();
  const navigate = useNavigate();
  const [askLogin, setAskLogin] = useState(false);
  const confirmed = useRef(false);

  return (
    <EducationBannerView
      onClick={() => {
        if (isLogin) void navigate(STUDENT_CENTRE_PATH);
        else setAskLogin(true);
      }}
      askLogin={askLogin}
      onCancel={() => setAskLogin(false)}
      onOk={() => {
        confirmed.current = true;
        setAskLogin(false);
      }}
      // Focus moves once the dialog has closed, or the browser would put it back on the banner.
      afterClose={() => {
        if (confirmed.current) focusLoginInput?.();
        confirmed.current = false;
      }}
    />
  );
}

const ignore = () => undefined;

/**
 * The banner and its (closed) 提示 dialog: the server renders it without handlers, the browser's
 * page with them, the same markup (the page is hydrated, issue 38).
 */
export function EducationBannerView({
  onClick,
  askLogin = false,
  onCancel = ignore,
  onOk = ignore,
  afterClose,
}: {
  onClick?: () => void;
  askLogin?: boolean;
  onCancel?: () => void;
  onOk?: () => void;
  afterClose?: () => void;
}) {
  return (
    <>
      <EducationBannerButton onClick={onClick} />
      <SiteDialog
        title="提示"
        open={askLogin}
        okText="确定"
        cancelText="取消"
        onCancel={onCancel}
        onOk={onOk}
        afterClose={afterClose}
        width={400}
      >
        <p>{LOGIN_FIRST_TEXT}</p>
      </SiteDialog>
    </>
  );
}

/** The banner itself (the server renders it without its click: that needs the browser's script). */
export function EducationBannerButton({ onClick }: { onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      style={{
        display: 'flex',
        width: '100%',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        padding: '18px 28px',
        border: 'none',
        borderRadius: 6,
        cursor: 'pointer',
        color: tokens.colorTextLightSolid,
        textAlign: 'left',
        background: `linear-gradient(90deg, ${tokens.colorPrimary}, var(--ys-color-primary-gradient-end))`,
      }}
    >
      <span>
        <span style={{ display: 'block', fontSize: 22, fontWeight: 700, letterSpacing: 2 }}>执业药师继续教育</span>
        <span style={{ fontSize: 14 }}>在线选课 · 视频学习 · 课后练习 · 学时查询</span>
      </span>
      <span
        style={{
          flex: 'none',
          padding: '6px 18px',
          border: `1px solid ${tokens.colorTextLightSolid}`,
          borderRadius: 16,
          fontSize: 15,
        }}
      >
        进入学员中心
      </span>
    </button>
  );
}
