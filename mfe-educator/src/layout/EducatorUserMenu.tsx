import { learnerPaths, UI_LANGUAGE_NAMES } from '@academy/contracts';
import { useChooseLanguage, useFormat, useTranslation } from '@academy/platform';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@academy/routing';

export interface EducatorUserMenuProps {
  name: string;
  imageUrl?: string;
  onSignOut: () => void;
}

/**
 * Disclosure menu: the avatar button opens a short list (home, the other language on phones, sign out); Escape or a
 * click outside closes it.
 */
export function EducatorUserMenu({ name, imageUrl, onSignOut }: EducatorUserMenuProps) {
  const { t } = useTranslation('educator');
  const { language } = useFormat();
  const chooseLanguage = useChooseLanguage();
  const otherLanguage = language === 'hi' ? 'en' : 'hi';
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="educator-user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="educator-user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('layout.userMenu.label', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        {imageUrl ? (
          <img className="educator-user-menu__avatar" src={imageUrl} alt="" width={36} height={36} />
        ) : (
          <span className="educator-user-menu__avatar educator-user-menu__avatar--initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
      </button>
      <ul id={listId} className="educator-user-menu__list" hidden={!open}>
        <li>
          <Link to={learnerPaths.home} onClick={() => setOpen(false)}>
            {t('layout.userMenu.backToAcademy')}
          </Link>
        </li>
        {/* On phones the header has no room for the language switch: the menu offers the other language, named in it. */}
        <li className="educator-user-menu__item--small-only">
          <button
            type="button"
            lang={otherLanguage}
            onClick={() => {
              setOpen(false);
              void chooseLanguage(otherLanguage);
            }}
          >
            {UI_LANGUAGE_NAMES[otherLanguage]}
          </button>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            {t('layout.userMenu.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
