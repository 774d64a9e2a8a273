import { learnerPaths } from '@academy/contracts';
import { Link } from '@academy/routing';

export function NotFound() {
  return (
    <main className="shell-main not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button" to={learnerPaths.home}>
        Go to the home page
      </Link>
    </main>
  );
}
