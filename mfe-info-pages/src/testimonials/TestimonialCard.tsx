import { Stars } from '@academy/ui';
import type { Testimonial } from './testimonialsContent.js';
import './TestimonialCard.css';

/** One quotation with its author as the caption. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial-card">
      <figcaption className="testimonial-card__person">
        <img src={testimonial.image} alt="" width={56} height={56} />
        <span>
          <span className="testimonial-card__name">{testimonial.name}</span>
          <span className="testimonial-card__role">{testimonial.role}</span>
        </span>
      </figcaption>
      <Stars rating={testimonial.rating} />
      <blockquote className="testimonial-card__feedback">
        <p>{testimonial.feedback}</p>
      </blockquote>
    </figure>
  );
}
