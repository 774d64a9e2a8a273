import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@academy/routing';
import { useChooseLanguage, useFormat, useTranslation } from '@academy/platform';
import { UI_LANGUAGE_NAMES } from '@academy/contracts';

export interface UserMenuProps {
  name: string;
  imageUrl?: string;
  /** Adds "Educator Dashboard" to the menu; CSS shows that item only on small screens (the bar has the link). */
  isEducator: boolean;
  /** Adds "My Children" (small screens only, like Educator Dashboard) and "Payments"; other accounts get "Parent access". */
  isParent?: boolean;
  onSignOut: () => void;
}

interface MenuItem {
  label: string;
  /** The item's language when it differs from the page's (the other language's name). */
  lang?: string;
  className?: string;
  run: () => void;
}

/** WAI-ARIA menu button: Enter/Space/ArrowDown open on the first item, ArrowUp on the last, Escape closes. */
export function UserMenu({ name, imageUrl, isEducator, isParent = false, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const { language } = useFormat();
  const chooseLanguage = useChooseLanguage();
  const otherLanguage = language === 'hi' ? 'en' : 'hi';
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items: MenuItem[] = [
    ...(isEducator ? [{ label: t('nav.educatorDashboard'), className: 'user-menu__item--small-only', run: () => navigate('/educator') }] : []),
    ...(isParent
      ? [
          { label: t('nav.myChildren'), className: 'user-menu__item--small-only', run: () => navigate('/parent') },
          // A parent's payments for their children, with receipts (in the menu at every width).
          { label: t('nav.payments'), run: () => navigate('/parent/payments') },
        ]
      : [{ label: t('nav.parentAccess'), run: () => navigate('/parent-access') }]),
    // A learner's class and board (the learner remote's /my-class page).
    ...(!isEducator && !isParent ? [{ label: t('nav.myClass'), run: () => navigate('/my-class') }] : []),
    // On phones the bar has no room for the language switch: the menu offers the other language, named in it.
    { label: UI_LANGUAGE_NAMES[otherLanguage], lang: otherLanguage, className: 'user-menu__item--small-only', run: () => void chooseLanguage(otherLanguage) },
    { label: t('nav.signOut'), run: onSignOut },
  ];

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    close(true);
    item.run();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex === last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex === 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(items[activeIndex]!);
    }
  };

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {imageUrl ? (
          <img className="user-menu__avatar" src={imageUrl} alt="" width={32} height={32} />
        ) : (
          <span className="user-menu__avatar user-menu__avatar--initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="user-menu__name">{name}</span>
      </button>
      <ul id={menuId} role="menu" aria-labelledby={buttonId} className="user-menu__list" hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => (
          <li
            key={item.label}
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            role="menuitem"
            lang={item.lang}
            tabIndex={-1}
            className={`user-menu__item ${item.className ?? ''}`}
            onClick={() => choose(item)}
          >
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
