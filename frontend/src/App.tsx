import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Result } from 'antd';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { ApiError } from './api/http';
import { AuthProvider, useAuth } from './auth/AuthProvider';
import { RouteError } from './components/RouteError';
import { AppLayout } from './layout/AppLayout';
import LoginPage from './pages/login/LoginPage';
import { paths } from './paths';
import { allowed, appRoutes, type AppRoute } from './routes';
import { t } from './i18n';
import { LanguageProvider } from './i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers will not change by asking again; network blips might.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
    },
  });
}

function Guarded({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  if (!allowed(route, user)) return <Result status="403" title={t('app.notForYourRole')} />;
  const Page = route.page;
  return <Page />;
}

export const routeObjects: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  {
    element: <AppLayout />,
    children: [
      ...appRoutes.map((route) => ({ path: route.path, element: <Guarded route={route} />, errorElement: <RouteError /> })),
      { path: '*', element: <Navigate to={paths.overview} replace /> },
    ],
  },
];

const router = createBrowserRouter(routeObjects);
const queryClient = createQueryClient();

export default function App() {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff' } }}>
      <LanguageProvider>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </AntApp>
      </LanguageProvider>
    </ConfigProvider>
  );
}
