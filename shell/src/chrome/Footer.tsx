import { ChangeEvent, FormEvent, useState } from 'react';
import { Link, useNavigate } from '@academy/routing';
import { infoPaths, learnerPaths } from '@academy/contracts';
import { errorMessage, translateMessage, useRuntimeConfig, useToast, useTranslation } from '@academy/platform';
import { SocialLinks } from '@academy/ui';
import { subscribeToNewsletter } from './subscribeToNewsletter';
import './Footer.css';

// Asked for when the reader first focuses the form, so it has usually arrived by the time they submit.
const loadNewsletterCheck = () => import('./newsletter-check');

/** The portal's footer: site links, newsletter sign-up, social profiles and the legal line. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { socialLinks } = useRuntimeConfig();
  const siteLinks = [
    { to: learnerPaths.home, label: t('chrome.footer.links.home') },
    { to: infoPaths.about, label: t('chrome.footer.links.about') },
    { to: infoPaths.contact, label: t('chrome.footer.links.contact') },
    { to: infoPaths.enrichment, label: t('chrome.footer.links.enrichment') },
  ];
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section className="site-footer__about" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__brand">
            {t('chrome.footer.brand')}
          </h2>
          <p>{t('chrome.footer.tagline')}</p>
          <SocialLinks links={socialLinks} className="site-footer__social" label={t('chrome.footer.socialProfiles')} />
        </section>
        <nav className="site-footer__nav" aria-labelledby="footer-nav-heading">
          <h2 id="footer-nav-heading">{t('chrome.footer.explore')}</h2>
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
        <p>{t('chrome.footer.copyright', { year: new Date().getFullYear() })}</p>
        <ul aria-label={t('chrome.footer.legal')}>
          <li>
            <Link to={infoPaths.terms}>{t('chrome.footer.terms')}</Link>
          </li>
          <li>
            <Link to={infoPaths.privacy}>{t('chrome.footer.privacy')}</Link>
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
  const { t } = useTranslation('shell');
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
    let check: Awaited<ReturnType<typeof loadNewsletterCheck>>;
    try {
      check = await loadNewsletterCheck();
    } catch (failure) {
      toast.error(errorMessage(failure));
      return;
    }
    const checked = check.newsletterFormSchema.safeParse({ email });
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
      <h2 id="newsletter-heading">{t('chrome.newsletter.heading')}</h2>
      <p>{t('chrome.newsletter.description')}</p>
      <label htmlFor="newsletter-email" className="visually-hidden">
        {t('chrome.newsletter.emailLabel')}
      </label>
      <div className="site-footer__newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('chrome.newsletter.emailPlaceholder')}
          value={email}
          onChange={update}
          onFocus={() => void loadNewsletterCheck().catch(() => undefined)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('chrome.newsletter.subscribing') : t('chrome.newsletter.subscribe')}
        </button>
      </div>
      {error && (
        <p id="newsletter-email-error" className="site-footer__error">
          {/* The contract's message is English (the service checks the same schema): translated as it renders, so it
              turns to the reader's language when the deferred messages arrive after it was shown. */}
          {translateMessage(error)}
        </p>
      )}
    </form>
  );
}
