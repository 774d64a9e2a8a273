import { useTranslation } from '@academy/platform';
import { aboutIntro, aboutQuotation, teamGroups } from './aboutContent.js';
import '../common/InfoPage.css';
import './AboutPage.css';

export default function AboutPage() {
  const { t } = useTranslation('info');
  const quotation = aboutQuotation(t);
  return (
    <div className="info-page about-page">
      <header className="info-page__header">
        <h1>{t('about.title')}</h1>
        {aboutIntro(t).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </header>

      {teamGroups(t).map((group) => (
        <section key={group.id} className="about-page__group" aria-labelledby={`about-${group.id}`}>
          <h2 id={`about-${group.id}`}>{group.title}</h2>
          <ul className="about-page__members">
            {group.members.map((member) => (
              <li key={member.name} className="about-page__member">
                <img src={member.image} alt={t('about.portraitOf', { name: member.name })} width={96} height={96} />
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
          <p>{quotation.text}</p>
        </blockquote>
        <figcaption>{quotation.author}</figcaption>
      </figure>
    </div>
  );
}
