import { useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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

export const createRouter = () => createBrowserRouter(buildRoutes());
