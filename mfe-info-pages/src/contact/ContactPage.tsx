import { useRuntimeConfig } from '@academy/platform';
import { SocialLinks } from '@academy/ui';
import FaqTeaser from '../sections/FaqTeaser.js';
import { ContactForm } from './ContactForm.js';
import { contactDesks, contactIntro, supportNote } from './contactContent.js';
import '../common/InfoPage.css';
import './ContactPage.css';

export default function ContactPage() {
  const { socialLinks } = useRuntimeConfig();
  return (
    <div className="info-page contact-page">
      <header className="info-page__header">
        <h1>Contact Us</h1>
        <p>{contactIntro}</p>
      </header>
      <div className="contact-page__layout">
        <ContactForm />
        <aside className="contact-page__panel" aria-labelledby="contact-panel-heading">
          <h2 id="contact-panel-heading">Reach us directly</h2>
          {contactDesks.map((desk) => (
            <section key={desk.title} className="contact-page__desk" aria-labelledby={`desk-${desk.title}`}>
              <h3 id={`desk-${desk.title}`}>{desk.title}</h3>
              <p>{desk.description}</p>
              <p>
                Phone: <a href={`tel:${desk.phone.replace(/\s+/g, '')}`}>{desk.phone}</a>
              </p>
              <p>
                Email: <a href={`mailto:${desk.email}`}>{desk.email}</a>
              </p>
            </section>
          ))}
          <section aria-labelledby="contact-social-heading">
            <h3 id="contact-social-heading">Follow us</h3>
            <SocialLinks links={socialLinks} className="contact-page__social" />
          </section>
          <p className="contact-page__support-note">{supportNote}</p>
        </aside>
      </div>
      <FaqTeaser />
    </div>
  );
}
