import { useEffect, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useDispatch } from 'react-redux';
import { Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from '@yaoshi/ui/router';
import { endStaffSession, readStaffToken, startStaffSession } from '@yaoshi/api-client/staff-session';
import type { AdminLoginResponse } from '@yaoshi/contracts/staff-admin';
import { adminApi, useAdminLogoutMutation, useAdminMeQuery } from '../admin-api';
import { AssociationProfilePage } from '../association-profile/association-profile-page';
import { ArticlesPage } from '../articles/articles-page';
import { ArchiveReviewsPage } from '../archive-reviews/archive-reviews-page';
import { AuditPage } from '../audit/audit-page';
import { HomeContentPage } from '../home-content/home-content-page';
import { CourseYearsPage } from '../courses/course-years-page';
import { CoursesPage } from '../courses/courses-page';
import { FaceReviewPage } from '../faces/face-review-page';
import { LessonChecksPage } from '../faces/lesson-checks-page';
import { InvoicesPage } from '../finance/invoices-page';
import { OrdersPage } from '../finance/orders-page';
import { RefundsPage } from '../finance/refunds-page';
import { ReconciliationPage } from '../finance/reconciliation-page';
import { LearnersPage } from '../learners/learners-page';
import { ClosuresPage } from '../learners/closures-page';
import { CertificatesPage } from '../certificates/certificates-page';
import { LoginPage } from '../login/login-page';
import { QuestionBanksPage } from '../question-banks/question-banks-page';
import { ReleasesPage } from '../releases/releases-page';
import { ReportsPage } from '../reports/reports-page';
import { StaffPage } from '../staff/staff-page';
import { PASSWORD_PAGE_TEXTS, PasswordPage } from '../staff/password-page';
import { DigestSettingCard } from '../staff/digest-setting';
import { ADMIN_LOGIN_PATH, ADMIN_PASSWORD_PATH, adminRouteOf, pagesFor, type AdminPage } from './admin-menu';
import { tokens } from '@yaoshi/ui/site-tokens';

// The console's dates and antd's date pickers in Chinese. dayjs is one shared instance and only
// the console uses it: learner pages neither download it nor need its locale.
dayjs.locale('zh-cn');

const CONSOLE_NAME = '管理后台';

const PAGE_COMPONENTS: Record<string, () => ReactNode> = {
  '/admin/learners': () => <LearnersPage />,
  '/admin/archive-reviews': () => <ArchiveReviewsPage />,
  '/admin/certificates': () => <CertificatesPage />,
  '/admin/closures': () => <ClosuresPage />,
  '/admin/faces': () => <FaceReviewPage />,
  '/admin/lesson-checks': () => <LessonChecksPage />,
  '/admin/orders': () => <OrdersPage />,
  '/admin/refunds': () => <RefundsPage />,
  '/admin/invoices': () => <InvoicesPage />,
  '/admin/reconciliation': () => <ReconciliationPage />,
  '/admin/reports': () => <ReportsPage />,
  '/admin/staff': () => <StaffPage />,
  '/admin/audit': () => <AuditPage />,
  '/admin/releases': () => <ReleasesPage />,
  '/admin/association-profile': () => <AssociationProfilePage />,
  '/admin/articles': () => <ArticlesPage />,
  '/admin/home-content': () => <HomeContentPage />,
  '/admin/question-banks': () => <QuestionBanksPage />,
  '/admin/course-years': () => <CourseYearsPage />,
  '/admin/courses': () => <CoursesPage />,
};

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - ${CONSOLE_NAME}`;
  }, [title]);
}

/** /admin/*: the staff console. Its own login (password + TOTP), then a menu of the pages the staff member's roles open. */
export default function AdminApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [token, setToken] = useState(readStaffToken);
  /** The first password was replaced in this tab (the session's own flag follows on its refetch). */
  const [passwordReplaced, setPasswordReplaced] = useState(false);
  const me = useAdminMeQuery(undefined, { skip: token === null });
  const [logout] = useAdminLogoutMutation();

  // A 401 clears the stored token (the base query); follow it.
  const sessionLost = me.isError && readStaffToken() === null;
  useEffect(() => {
    if (sessionLost) setToken(null);
  }, [sessionLost]);

  const permissions = token === null ? null : (me.data?.permissions ?? null);
  const route = adminRouteOf(location.pathname, token === null ? null : (permissions ?? []));

  useEffect(() => {
    if (token === null && location.pathname !== ADMIN_LOGIN_PATH) void navigate(ADMIN_LOGIN_PATH, { replace: true });
  }, [token, location.pathname, navigate]);

  const onLoggedIn = (session: AdminLoginResponse) => {
    startStaffSession(session.token);
    // Nothing of an earlier staff member's lists stays in the cache.
    dispatch(adminApi.util.resetApiState());
    setToken(session.token);
    setPasswordReplaced(false);
    void navigate(pagesFor(session.permissions)[0]?.path ?? '/admin', { replace: true });
  };

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } finally {
      endStaffSession();
      dispatch(adminApi.util.resetApiState());
      setToken(null);
      setPasswordReplaced(false);
      void navigate(ADMIN_LOGIN_PATH, { replace: true });
    }
  };

  if (token === null || route.kind === 'login') {
    if (token !== null && me.data && route.kind === 'login') {
      // Already signed in: the login page sends on to the first page.
      return <Redirect to={pagesFor(me.data.permissions)[0]?.path ?? '/admin'} />;
    }
    return <LoginPage onLoggedIn={onLoggedIn} />;
  }
  if (me.isLoading || !me.data) {
    if (me.isError && !me.isFetching) {
      return (
        <Result
          status="error"
          title="加载失败"
          extra={
            <Button type="primary" onClick={() => void me.refetch()}>
              重试
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: 80, textAlign: 'center' }}>
        <Spin size="large" description="加载中…">
          <div style={{ height: 40 }} />
        </Spin>
      </div>
    );
  }
  // The server has taken the new password: the console opens at once, without waiting for
  // the session's refetch (until it lands, the forced page's redirect would send the staff
  // member back to 修改密码).
  const onPasswordChanged = () => {
    setPasswordReplaced(true);
    void navigate('/admin', { replace: true });
  };
  if (me.data.must_change_password && !passwordReplaced) {
    // A generated password: nothing of the console opens (the server refuses it too) until it is replaced.
    return (
      <ConsoleLayout pages={[]} staffName={me.data.name} roles={me.data.roles} onLogout={() => void onLogout()}>
        {location.pathname !== ADMIN_PASSWORD_PATH && <Redirect to={ADMIN_PASSWORD_PATH} />}
        <TitledPage title={PASSWORD_PAGE_TEXTS.title}>
          <PasswordPage forced onChanged={onPasswordChanged} />
        </TitledPage>
      </ConsoleLayout>
    );
  }
  const pages = pagesFor(me.data.permissions);
  return (
    <ConsoleLayout pages={pages} staffName={me.data.name} roles={me.data.roles} onLogout={() => void onLogout()}>
      {route.kind === 'password' ? (
        <TitledPage title={PASSWORD_PAGE_TEXTS.title}>
          <PasswordPage forced={false} onChanged={onPasswordChanged} />
          <DigestSettingCard />
        </TitledPage>
      ) : route.kind === 'home' ? (
        pages[0] ? (
          <Redirect to={pages[0].path} />
        ) : (
          <Result status="info" title="您的角色暂无可用页面" subTitle="内容与课程管理将在后续版本开放" />
        )
      ) : route.kind === 'page' ? (
        <TitledPage title={route.page.title}>{PAGE_COMPONENTS[route.page.path]?.()}</TitledPage>
      ) : route.kind === 'forbidden' ? (
        <Result status="403" title="没有权限" subTitle="您的角色不能打开此页面" />
      ) : (
        <Result status="404" title="页面不存在" />
      )}
    </ConsoleLayout>
  );
}

function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <section>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="page-title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function ConsoleLayout({
  pages,
  staffName,
  roles,
  onLogout,
  children,
}: {
  pages: readonly AdminPage[];
  staffName: string;
  roles: readonly string[];
  onLogout: () => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: 24 }}
      >
        <Typography.Text style={{ color: tokens.colorTextLightSolid, fontSize: 18 }}>
          药师继续教育 · {CONSOLE_NAME}
        </Typography.Text>
        <Space>
          <Typography.Text style={{ color: tokens.colorTextLightSolid }} data-testid="staff-name">
            {staffName}
          </Typography.Text>
          {roles.map((role) => (
            <Tag key={role} color="blue">
              {role}
            </Tag>
          ))}
          <Button size="small" onClick={() => void navigate(ADMIN_PASSWORD_PATH)}>
            修改密码
          </Button>
          <Button size="small" onClick={onLogout}>
            退出登录
          </Button>
        </Space>
      </Layout.Header>
      <Layout>
        {pages.length > 0 && (
          <Layout.Sider width={200} theme="light">
            <Menu
              mode="inline"
              aria-label="管理菜单"
              selectedKeys={[location.pathname.replace(/\/+$/, '')]}
              items={pages.map((page) => ({ key: page.path, label: page.title }))}
              onClick={({ key }) => void navigate(key)}
              style={{ height: '100%' }}
            />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: 24, background: tokens.colorBgContainer, margin: 16 }}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
