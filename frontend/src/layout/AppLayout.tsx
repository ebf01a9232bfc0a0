import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Layout, Menu, Skeleton, Space, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { paths } from '../paths';
import { allowed, appRoutes } from '../routes';
import { DepartmentSwitcher } from './DepartmentSwitcher';
import { enumLabel, t } from '../i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';

/** The signed-in frame: side menu (a drawer-like collapsed bar on phones) and header. */
export function AppLayout() {
  const { user, signOut, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const signedIn = user !== null;

  // Memberships and roles change on the server: read them once each time the app opens or
  // someone signs in (this also drops a stored department the user no longer belongs to).
  useEffect(() => {
    if (signedIn) void refresh();
  }, [signedIn, refresh]);

  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;

  const items = appRoutes
    .filter((r) => r.menu && allowed(r, user))
    .map((r) => ({ key: r.path, icon: r.menu!.icon, label: r.menu!.label }));
  const selected =
    items
      .map((i) => i.key)
      .filter((k) => (k === '/' ? location.pathname === '/' : location.pathname.startsWith(k)))
      .sort((a, b) => b.length - a.length)[0] ?? '/';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={screens.md ? 80 : 0}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onBreakpoint={(broken) => setCollapsed(broken)}
        // on phones the menu folds away completely; its toggle sits in the header row
        zeroWidthTriggerStyle={{ top: 12 }}
        style={{ zIndex: 10 }}
      >
        <div style={{ color: '#fff', fontSize: 20, fontWeight: 600, padding: '16px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? 'C' : 'Crony'}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          items={items}
          onClick={({ key }) => {
            navigate(key);
            if (!screens.md) setCollapsed(true);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 16px', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 8 }}
        >
          <DepartmentSwitcher />
          <LanguageSwitcher />
          <Dropdown
            menu={{
              items: [
                ...(user.globalAdmin ? [{ key: 'global-admin', label: t('layout.globalAdminHint'), disabled: true }] : []),
                { key: 'logout', icon: <LogoutOutlined />, label: t('layout.signOut') },
              ],
              onClick: ({ key }) => {
                if (key === 'logout') void signOut();
              },
            }}
          >
            <Button type="text">
              <Space>
                <UserOutlined />
                <span data-literal>{user.username}</span>
                {/* the role in the current department */}
                <Typography.Text type="secondary">{enumLabel('role', user.role)}</Typography.Text>
              </Space>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: screens.md ? 24 : 8 }}>
          <Suspense fallback={<Skeleton active />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
