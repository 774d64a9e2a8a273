import { TestimonialCard } from './TestimonialCard.js';
import { TopperCard } from './TopperCard.js';
import { successStories, testimonials, toppers } from './testimonialsContent.js';
import '../common/InfoPage.css';
import './TestimonialsPage.css';

export default function TestimonialsPage() {
  return (
    <div className="info-page testimonials-page">
      <header className="info-page__header">
        <h1>Testimonials</h1>
        <p>Stories of hard work, patient teaching and a few proud moments from our students.</p>
      </header>

      <section aria-labelledby="stories-heading" className="testimonials-page__stories">
        <h2 id="stories-heading">Student Stories</h2>
        {successStories.map((story) => (
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
        <h2 id="toppers-heading">Meet Our Toppers</h2>
        <p className="testimonials-page__hint">Hover over or focus a portrait to see the result.</p>
        <ul className="toppers-grid">
          {toppers.map((topper) => (
            <TopperCard key={topper.name} topper={topper} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="voices-heading">
        <h2 id="voices-heading">In Their Words</h2>
        <ul className="card-grid">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
