// The portal's router: react-router, re-exported by name so the bundler keeps only these parts.
//
// Shared as a federation singleton, a package is shipped whole, since the host cannot know what a remote will
// import: react-router-dom whole is 60 KB compressed on every first page. Sharing this module instead ships one
// router instance (one context, so a remote's <Link> works inside the shell's <BrowserRouter>) cut down to the
// declarative routing the apps use (13 KB). Apps import routing from here only (lint refuses react-router-dom).
// Add a name here when an app needs more of react-router.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps, NavigateFunction, RouteObject } from 'react-router-dom';
