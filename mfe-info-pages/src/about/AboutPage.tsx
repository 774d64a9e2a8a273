import { aboutIntro, aboutQuotation, teamGroups } from './aboutContent.js';
import '../common/InfoPage.css';
import './AboutPage.css';

export default function AboutPage() {
  return (
    <div className="info-page about-page">
      <header className="info-page__header">
        <h1>About Academy</h1>
        {aboutIntro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </header>

      {teamGroups.map((group) => (
        <section key={group.title} className="about-page__group" aria-labelledby={headingId(group.title)}>
          <h2 id={headingId(group.title)}>{group.title}</h2>
          <ul className="about-page__members">
            {group.members.map((member) => (
              <li key={member.name} className="about-page__member">
                <img src={member.image} alt={`Portrait of ${member.name}`} width={96} height={96} />
                <h3>{member.name}</h3>
                <p className="about-page__role">{member.role}</p>
                <p>{member.bio}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <figure className="about-page__quotation">
        <blockquote>
          <p>{aboutQuotation.text}</p>
        </blockquote>
        <figcaption>{aboutQuotation.author}</figcaption>
      </figure>
    </div>
  );
}

const headingId = (title: string) => `about-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
