import { useCallback, useEffect } from 'react';
import { userLanguageRoute, type UiLanguage } from '@academy/contracts';
import { callApi } from '../api/call-api';
import { useApi } from '../api/use-api';
import type { ApiClient } from '../api/api-client';
import { useUserStore } from '../user/user-store';
import { changeLanguage, currentLanguage } from './i18n';

/** Records a signed-in user's language on the server (emails, certificates, their other devices use it). */
async function rememberOnServer(api: ApiClient, language: UiLanguage): Promise<void> {
  try {
    const { user } = await callApi(api, userLanguageRoute, { body: { language } });
    if (useUserStore.getState().user?._id === user._id) useUserStore.setState({ user });
  } catch (error) {
    // The page already shows the language; the server learns it at the next choice or sign-in.
    console.warn('The language could not be saved on the server', error);
  }
}

/** Switches the language everywhere and, signed in, remembers it on the server too. */
export function useChooseLanguage(): (language: UiLanguage) => Promise<void> {
  const api = useApi();
  return useCallback(
    async (language: UiLanguage) => {
      await changeLanguage(language);
      if (useUserStore.getState().user) await rememberOnServer(api, language);
    },
    [api],
  );
}

/**
 * On sign-in, the language kept on the server wins (chosen on another device); a user who never chose gets the
 * one this browser shows recorded, so their emails come in it. Mounted once by PlatformProviders.
 */
export function LanguageSync() {
  const api = useApi();
  const userId = useUserStore((state) => state.user?._id);
  const savedLanguage = useUserStore((state) => state.user?.language);
  useEffect(() => {
    if (!userId) return;
    if (!savedLanguage) void rememberOnServer(api, currentLanguage());
    else if (savedLanguage !== currentLanguage()) void changeLanguage(savedLanguage);
  }, [api, userId, savedLanguage]);
  return null;
}
