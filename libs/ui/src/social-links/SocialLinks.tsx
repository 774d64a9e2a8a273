import { useTranslation } from '@academy/platform';

export interface SocialLinksProps {
  links: { instagram: string; youtube: string };
  className?: string;
  /** Accessible name of the list, when no heading names it. */
  label?: string;
}

/** The academy's two social profiles, each opening in a new tab (footer, contact page). */
export function SocialLinks({ links, className, label }: SocialLinksProps) {
  const { t } = useTranslation('ui');
  const profiles = [
    { name: 'Instagram', href: links.instagram },
    { name: 'YouTube', href: links.youtube },
  ];
  return (
    <ul className={className} aria-label={label}>
      {profiles.map((profile) => (
        <li key={profile.name}>
          <a href={profile.href} target="_blank" rel="noopener noreferrer">
            {profile.name}
            <span className="visually-hidden">{t('socialLinks.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
