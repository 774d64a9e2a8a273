import '../i18n';
import { infoPaths } from '@academy/contracts';
import { Link } from '@academy/routing';
import { useTranslation } from '@academy/platform';
import { TestimonialCard } from '../testimonials/TestimonialCard.js';
import { testimonials, testimonialsSectionSize } from '../testimonials/testimonialsContent.js';
import './TestimonialsSection.css';

/** A few student testimonials for the home page; exposed to other apps. */
export default function TestimonialsSection() {
  const { t } = useTranslation('info');
  return (
    <section className="testimonials-section" aria-labelledby="testimonials-section-heading">
      <h2 id="testimonials-section-heading">{t('sections.testimonials.heading')}</h2>
      <p className="testimonials-section__intro">
        {t('sections.testimonials.intro')}
      </p>
      <ul className="testimonials-section__list">
        {testimonials(t).slice(0, testimonialsSectionSize).map((testimonial) => (
          <li key={testimonial.name}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
      <Link to={infoPaths.testimonials} className="testimonials-section__see-all">
        {t('sections.testimonials.seeAll')}
      </Link>
    </section>
  );
}
