import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './route-guard';
import { routeTable } from './route-table';

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: routeTable.map(({ path, requirement, Screen }) => ({
        path,
        element: (
          <RouteGuard requirement={requirement}>
            <Screen />
          </RouteGuard>
        ),
      })),
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
