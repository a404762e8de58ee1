import { useEffect } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './route-guard';
import { routeTable } from './route-table';

/** Each page names itself in the browser's tab, its history and to screen readers: "Sessions · Touchline". */
function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Touchline`;
  }, [title]);
  return null;
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: routeTable.map(({ path, title, requirement, Screen }) => ({
        path,
        element: (
          <RouteGuard requirement={requirement}>
            <DocumentTitle title={title} />
            <Screen />
          </RouteGuard>
        ),
      })),
    },
  ];
}

const routes = buildRoutes();

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's router: the route table in the browser's address bar. The SPA uses no loaders, actions or other
 * data-router features, so the declarative router serves it, and the data router's code stays out of the
 * first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
