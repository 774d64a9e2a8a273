import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { newsletterFormSchema, type NewsletterForm as NewsletterFormValues } from '@academy/contracts';
import { errorMessage, useRuntimeConfig, useToast } from '@academy/platform';
import { SocialLinks } from '@academy/ui';
import { subscribeToNewsletter } from './subscribeToNewsletter';
import './Footer.css';

const siteLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/beyond-the-classroom', label: 'Enrichment' },
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
            <Link to="/terms-conditions">Terms &amp; Conditions</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

function NewsletterForm() {
  const { forms } = useRuntimeConfig();
  const toast = useToast();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterFormValues>({ resolver: zodResolver(newsletterFormSchema), defaultValues: { email: '' } });
  const error = errors.email?.message;

  const subscribe = async ({ email }: NewsletterFormValues) => {
    try {
      await subscribeToNewsletter(forms, email);
      reset({ email: '' });
      navigate('/success');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <form className="site-footer__newsletter" noValidate onSubmit={handleSubmit(subscribe)} aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Subscribe to our newsletter</h2>
      <p>News, new courses and study tips, once a month.</p>
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <div className="site-footer__newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          {...register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Subscribing...' : 'Subscribe'}
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
