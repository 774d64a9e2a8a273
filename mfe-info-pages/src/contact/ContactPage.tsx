import { useRuntimeConfig, useTranslation } from '@academy/platform';
import { SocialLinks } from '@academy/ui';
import FaqTeaser from '../sections/FaqTeaser.js';
import { ContactForm } from './ContactForm.js';
import { contactDesks } from './contactContent.js';
import '../common/InfoPage.css';
import './ContactPage.css';

export default function ContactPage() {
  const { socialLinks } = useRuntimeConfig();
  const { t } = useTranslation('info');
  return (
    <div className="info-page contact-page">
      <header className="info-page__header">
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </header>
      <div className="contact-page__layout">
        <ContactForm />
        <aside className="contact-page__panel" aria-labelledby="contact-panel-heading">
          <h2 id="contact-panel-heading">{t('contact.panelHeading')}</h2>
          {contactDesks(t).map((desk) => (
            <section key={desk.id} className="contact-page__desk" aria-labelledby={`desk-${desk.id}`}>
              <h3 id={`desk-${desk.id}`}>{desk.title}</h3>
              <p>{desk.description}</p>
              <p>
                {t('contact.phone')} <a href={`tel:${desk.phone.replace(/\s+/g, '')}`}>{desk.phone}</a>
              </p>
              <p>
                {t('contact.email')} <a href={`mailto:${desk.email}`}>{desk.email}</a>
              </p>
            </section>
          ))}
          <section aria-labelledby="contact-social-heading">
            <h3 id="contact-social-heading">{t('contact.followUs')}</h3>
            <SocialLinks links={socialLinks} className="contact-page__social" />
          </section>
          <p className="contact-page__support-note">{t('contact.supportNote')}</p>
        </aside>
      </div>
      <FaqTeaser />
    </div>
  );
}
