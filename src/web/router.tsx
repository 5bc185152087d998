// The client's pages. Keep this list in step with PAGE_PATHS in src/shared/pages.ts, which the
// server uses to answer unknown pages with a 404.
import { createBrowserRouter } from 'react-router';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';

export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
]);
