import { useTranslation } from '@academy/platform';
import { TestimonialCard } from './TestimonialCard.js';
import { TopperCard } from './TopperCard.js';
import { successStories, testimonials, toppers } from './testimonialsContent.js';
import '../common/InfoPage.css';
import './TestimonialsPage.css';

export default function TestimonialsPage() {
  const { t } = useTranslation('info');
  return (
    <div className="info-page testimonials-page">
      <header className="info-page__header">
        <h1>{t('testimonials.title')}</h1>
        <p>{t('testimonials.intro')}</p>
      </header>

      <section aria-labelledby="stories-heading" className="testimonials-page__stories">
        <h2 id="stories-heading">{t('testimonials.storiesHeading')}</h2>
        {successStories(t).map((story) => (
          <article key={story.name} className="story">
            <img src={story.image} alt="" className="story__image" />
            <div>
              <h3>{story.headline}</h3>
              <p className="story__name">{story.name}</p>
              {story.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </section>

      <section aria-labelledby="toppers-heading" className="testimonials-page__toppers">
        <h2 id="toppers-heading">{t('testimonials.toppersHeading')}</h2>
        <p className="testimonials-page__hint">{t('testimonials.toppersHint')}</p>
        <ul className="toppers-grid">
          {toppers(t).map((topper) => (
            <TopperCard key={topper.name} topper={topper} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="voices-heading">
        <h2 id="voices-heading">{t('testimonials.voicesHeading')}</h2>
        <ul className="card-grid">
          {testimonials(t).map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
