import {
  EMAIL_SETTING_KINDS,
  notificationsReadAllRoute,
  notificationsReadRoute,
  notificationsSaveSettingsRoute,
  type NotificationEmailSettings,
  type NotificationItem,
  type NotificationKind,
} from '@academy/contracts';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/call-api';
import { queryKeys } from '../api/query-keys';
import { useApi } from '../api/use-api';
import { usePortalAuth } from '../auth/portal-auth';
import { errorMessage, useToast } from '../toast/use-toast';
import { useFormat } from '../i18n/use-format';
import { Link } from '@academy/routing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLiveUnreadCount, useNotificationEmailSettings, useNotificationList } from './notificationsApi';
import './NotificationBell.css';

/** "Notifications, 3 unread": the bell's accessible name (it shows the number only), in the language shown. */
export function bellLabel(unread: number): string {
  return i18next.t('platform:notifications.bellLabel', { count: unread });
}

/**
 * The bell of the navbar (and the educator area's header): the unread count, live while the page is open, and a disclosure panel with the list (each item
 * a link to its place, marked read when followed), Mark all read, and the email settings per kind. Escape or a
 * click outside closes it; focus goes back to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation('platform');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const { isAuthenticated } = usePortalAuth();
  const list = useNotificationList(open && isAuthenticated);
  const [liveUnread, setUnread] = useLiveUnreadCount(isAuthenticated);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = liveUnread ?? list.data?.pages[0]?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const markRead = async (item: NotificationItem) => {
    setOpen(false);
    if (item.read) return;
    try {
      const answer = await callApi(api, notificationsReadRoute, { params: { id: item.id } });
      setUnread(answer.unreadCount);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const markAllRead = async () => {
    try {
      const answer = await callApi(api, notificationsReadAllRoute);
      setUnread(answer.unreadCount);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (!isAuthenticated) return null;
  return (
    <div className="bell" ref={containerRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('notifications.bellLabel', { count: unread })}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="bell__panel" role="region" aria-labelledby={headingId} hidden={!open}>
        <div className="bell__header">
          {/* Not a heading: the panel sits in the navbar, or inside the educator area's main, above the page's own headings. */}
          <p id={headingId} className="bell__title">
            {t('notifications.title')}
          </p>
          <button type="button" className="bell__text-button" disabled={unread === 0} onClick={() => void markAllRead()}>
            {t('notifications.markAllRead')}
          </button>
        </div>
        {list.isError ? (
          <p role="alert">{errorMessage(list.error)}</p>
        ) : list.isLoading ? (
          <p role="status">{t('notifications.loading')}</p>
        ) : notifications.length === 0 ? (
          <p className="bell__empty">{t('notifications.empty')}</p>
        ) : (
          <ul className="bell__list" aria-label={t('notifications.title')}>
            {notifications.map((item) => (
              <li key={item.id} className={`bell__item${item.read ? '' : ' bell__item--unread'}`}>
                <Link to={item.link} className="bell__link" onClick={() => void markRead(item)}>
                  {!item.read && <span className="bell__visually-hidden">{t('notifications.unread')}</span>}
                  <span className="bell__item-title">{item.title}</span>
                  <span className="bell__item-date">{format.date(item.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <button type="button" className="bell__text-button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('notifications.showOlder')}
          </button>
        )}
        <button type="button" className="bell__text-button" aria-expanded={showSettings} onClick={() => setShowSettings((value) => !value)}>
          {t('notifications.emailSettings')}
        </button>
        {showSettings && <EmailSettingsForm />}
      </div>
    </div>
  );
}

/**
 * The bell's email choices: checkboxes with nothing to check, so no form library. The platform is a shared module,
 * loaded whole on every first page, which react-hook-form stays off (docs/performance.md), as in the footer.
 */
function EmailSettingsForm() {
  const { t } = useTranslation('platform');
  const kindLabels: Record<NotificationKind, string> = {
    doubt_answered: t('notifications.kinds.doubt_answered'),
    doubt_new: t('notifications.kinds.doubt_new'),
    assignment_reviewed: t('notifications.kinds.assignment_reviewed'),
    parent_alert: t('notifications.kinds.parent_alert'),
    parent_message: t('notifications.kinds.parent_message'),
    live_class: t('notifications.kinds.live_class'),
  };
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useNotificationEmailSettings(true);
  const [draft, setDraft] = useState<NotificationEmailSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const current = draft ?? settings.data;
  const formId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    setSaving(true);
    try {
      const answer = await callApi(api, notificationsSaveSettingsRoute, { body: current });
      queryClient.setQueryData(queryKeys.notifications.emailSettings(), answer.settings);
      setDraft(null);
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (settings.isError) return <p role="alert">{errorMessage(settings.error)}</p>;
  if (!current) return <p role="status">{t('notifications.loadingEmailSettings')}</p>;
  return (
    <form className="bell__settings" onSubmit={(event) => void save(event)}>
      <fieldset>
        <legend>{t('notifications.emailMeAbout')}</legend>
        {EMAIL_SETTING_KINDS.map((kind) => (
          <div key={kind} className="bell__setting">
            <input
              id={`${formId}-${kind}`}
              type="checkbox"
              checked={current[kind]}
              onChange={(event) => setDraft({ ...current, [kind]: event.target.checked })}
            />
            <label htmlFor={`${formId}-${kind}`}>{kindLabels[kind]}</label>
          </div>
        ))}
      </fieldset>
      <p className="bell__hint">{t('notifications.turnedOffHint')}</p>
      <button type="submit" className="button" disabled={saving || !draft}>
        {t('notifications.saveEmailSettings')}
      </button>
    </form>
  );
}
