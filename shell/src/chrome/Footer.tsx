import { ChangeEvent, FormEvent, useState } from 'react';
import { Link, useNavigate } from '@academy/routing';
import { infoPaths, learnerPaths, newsletterFormSchema } from '@academy/contracts';
import { errorMessage, useRuntimeConfig, useToast } from '@academy/platform';
import { SocialLinks } from '@academy/ui';
import { subscribeToNewsletter } from './subscribeToNewsletter';
import './Footer.css';

const siteLinks = [
  { to: learnerPaths.home, label: 'Home' },
  { to: infoPaths.about, label: 'About' },
  { to: infoPaths.contact, label: 'Contact' },
  { to: infoPaths.enrichment, label: 'Enrichment' },
] as const;

/** The portal's footer: site links, newsletter sign-up, social profiles and the legal line. */
export function Footer() {
  const { socialLinks } = useRuntimeConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section className="site-footer__about" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__brand">
            Academy
          </h2>
          <p>Patient teachers, recorded lessons you can replay, and life beyond the classroom.</p>
          <SocialLinks links={socialLinks} className="site-footer__social" label="Social profiles" />
        </section>
        <nav className="site-footer__nav" aria-labelledby="footer-nav-heading">
          <h2 id="footer-nav-heading">Explore</h2>
          <ul>
            {siteLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="site-footer__legal">
        <p>© {new Date().getFullYear()} Academy. All rights reserved.</p>
        <ul aria-label="Legal">
          <li>
            <Link to={infoPaths.terms}>Terms &amp; Conditions</Link>
          </li>
          <li>
            <Link to={infoPaths.privacy}>Privacy Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

/**
 * One field on every page: validated with the contract's schema by hand rather than with react-hook-form, which
 * would add ~15 KB to every page's first render (docs/performance.md).
 */
function NewsletterForm() {
  const { forms } = useRuntimeConfig();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const update = (event: ChangeEvent<HTMLInputElement>) => {
    setEmail(event.target.value);
    setError(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = newsletterFormSchema.safeParse({ email });
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    setSubmitting(true);
    try {
      await subscribeToNewsletter(forms, checked.data.email);
      setEmail('');
      navigate(infoPaths.success);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="site-footer__newsletter" noValidate onSubmit={submit} aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Subscribe to our newsletter</h2>
      <p>News, new courses and study tips, once a month.</p>
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <div className="site-footer__newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={update}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {error && (
        <p id="newsletter-email-error" className="site-footer__error">
          {error}
        </p>
      )}
    </form>
  );
}
