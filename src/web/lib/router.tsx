// The client's router: only what the site uses (one path per page, ':name' parameters, a '*' fallback,
// links, navigate, the query string), with React Router's names and behaviour for those. React Router
// itself is 37 KB minified (12 KB gzipped), too much for the home page's budget in issue 10; see
// docs/decisions/015-client-code-splitting.md.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export type Location = { pathname: string; search: string; hash: string };
type Navigate = (to: string, options?: { replace?: boolean }) => void;
type RouterState = { location: Location; navigate: Navigate };

const RouterContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function parsePath(path: string): Location {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const readWindowLocation = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This needs a BrowserRouter or StaticRouter');
  return router;
}

/** Follows the address bar; navigating keeps the current page on screen until the next one has loaded. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readWindowLocation);
  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(readWindowLocation()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<Navigate>((to, options = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    startTransition(() => setLocation(readWindowLocation()));
  }, []);
  const state = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

/** A fixed location, for the prerenderer. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const state = useMemo<RouterState>(
    () => ({
      location: parsePath(location),
      navigate: () => {
        throw new Error('navigate() cannot be called while prerendering');
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** The parameters when `pattern` matches `pathname` (case-insensitive, trailing slash ignored), else null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const expected = trimSlashes(pattern).split('/');
  const actual = trimSlashes(pathname).split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index += 1) {
    const segment = expected[index];
    if (segment.startsWith(':')) {
      if (!actual[index]) return null;
      params[segment.slice(1)] = decodeURIComponent(actual[index]);
    } else if (segment.toLowerCase() !== actual[index].toLowerCase()) return null;
  }
  return params;
}

type RouteProps = { path: string; element: ReactNode };

/** Declares a page; <Routes> reads these. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

/** Renders the element of the first <Route> whose path matches ('*' last, as a fallback). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useRouter().location;
  const routes = Children.toArray(children).filter(
    (child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route,
  );
  const ordered = [...routes.filter((route) => route.props.path !== '*'), ...routes.filter((route) => route.props.path === '*')];
  for (const route of ordered) {
    const params = matchPath(route.props.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.props.element}</ParamsContext.Provider>;
  }
  return null;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => useContext(ParamsContext);

export function useSearchParams(): [URLSearchParams] {
  const { search } = useRouter().location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An <a> that navigates inside the app on a plain left click; other clicks behave as links do. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    // Like React Router: a link to where we already are replaces the history entry.
    const current = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: current === to });
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
