import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseUiLanguage, DEFAULT_UI_LANGUAGE, LANGUAGE_COOKIE, UI_LANGUAGES, type UiLanguage } from '@academy/contracts';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';

// One i18next instance for the shell and every remote: i18next and this module (with the react-i18next hooks it
// re-exports) are federation singletons, so a language change re-renders every mounted remote at once. Each app (and
// each library with text) ships its own namespace and registers its files; only the current language is fetched.

/**
 * Where a namespace's strings are, per language: the address of a JSON file of the app's build
 * (`import englishStrings from './locales/en.json?url'`), on the app's own origin (a CDN serving a remote sends CORS
 * headers for its manifest already, and so for these). Fetched as JSON, not bundled as a script chunk: JSON costs the
 * page no script parsing or compiling (docs/performance.md). Every language is named, so a new one is a type error
 * until each namespace has its file; `null`: no strings of its own in that language (English messages are their keys).
 */
export type TranslationFiles = Record<UiLanguage, string | null>;

/** A visitor's choice, kept in the browser; a signed-in user's is kept on the server too (LanguageSync). */
export const LANGUAGE_STORAGE_KEY = 'academy.language';

const translationFiles = new Map<string, TranslationFiles>();

/**
 * Namespaces no first screen needs (the services' messages, shown after the reader does something): fetched at the
 * reader's first interaction, or when first asked for, never with the first render.
 */
const deferredNamespaces = new Set<string>();
let deferredRequested = false;

/** Fetches a namespace's file for a language, from the app that registered it (a redeployed remote brings its own strings). */
async function fetchTranslations(namespace: string, language: UiLanguage): Promise<ResourceKey> {
  const files = translationFiles.get(namespace);
  if (!files) throw new Error(`No translations are registered for "${namespace}"`);
  const url = files[language];
  if (url === undefined) throw new Error(`"${namespace}" has no strings for the language "${language}"`);
  if (url === null) return {};
  // The edge preloads a first screen's strings as `fetch` with crossorigin="anonymous": the same mode and credentials.
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not fetch the "${namespace}" strings (${language}): HTTP ${response.status}`);
  return (await response.json()) as ResourceKey;
}

const registeredTranslationsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetchTranslations(namespace, language as UiLanguage).then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Registers an app's namespace. Called when the app's module is evaluated, so its strings start loading with
 * the remote itself rather than after its first render asks for them.
 */
export function registerTranslations(namespace: string, files: TranslationFiles, { afterInteraction = false } = {}): void {
  translationFiles.set(namespace, files);
  // A remote loaded after the first interaction (navigated to later) has its deferred strings fetched at once.
  if (afterInteraction && !deferredRequested) deferredNamespaces.add(namespace);
  else if (i18next.isInitialized) void i18next.loadNamespaces(namespace);
}

/** Loads the deferred namespaces (once): at the first interaction, or earlier if some text asks for one. */
export function loadDeferredNamespaces(): void {
  if (deferredRequested || !i18next.isInitialized) return;
  deferredRequested = true;
  void i18next.loadNamespaces([...deferredNamespaces]);
}

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

function loadDeferredNamespacesOnFirstInteraction(): void {
  if (typeof window === 'undefined') return;
  const onFirst = () => {
    for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, onFirst, true);
    loadDeferredNamespaces();
  };
  for (const type of FIRST_INTERACTIONS) window.addEventListener(type, onFirst, { capture: true, passive: true });
}

function storedLanguage(): UiLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored && (UI_LANGUAGES as readonly string[]).includes(stored) ? (stored as UiLanguage) : null;
  } catch {
    return null; // storage blocked: choose from the browser's languages
  }
}

/** `?lang=hi` on a link (the Hindi emails link so): a choice, like the switch. */
function linkedLanguage(): UiLanguage | null {
  if (typeof window === 'undefined') return null;
  const linked = new URLSearchParams(window.location.search).get('lang');
  if (!linked || !(UI_LANGUAGES as readonly string[]).includes(linked)) return null;
  rememberLanguage(linked as UiLanguage);
  return linked as UiLanguage;
}

function rememberLanguage(language: UiLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page
  }
}

/** The language of a first render (`chooseUiLanguage`: a link's `?lang=`, this browser's choice, its languages). */
export function initialLanguage(): UiLanguage {
  return chooseUiLanguage({ linked: linkedLanguage(), kept: storedLanguage(), preferred: typeof navigator === 'undefined' ? [] : navigator.languages });
}

/** The page's `lang`, and the cookie that tells the edge which language's strings to preload next time. */
function followDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

let started: Promise<unknown> | null = null;

/** Starts translations with the platform's own namespace; the shell (or a standalone remote) awaits it before rendering. */
export function startI18n(): Promise<unknown> {
  started ??= i18next
    .use(registeredTranslationsBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      supportedLngs: [...UI_LANGUAGES],
      // No fallback: only the current language is fetched, and the key check in CI keeps both complete.
      fallbackLng: false,
      load: 'languageOnly',
      ns: ['platform', ...[...translationFiles.keys()].filter((namespace) => !deferredNamespaces.has(namespace))],
      defaultNS: 'platform',
      interpolation: { escapeValue: false }, // React escapes
      // Re-render when a namespace arrives later (the services' messages): text shown before it then changes language.
      react: { useSuspense: true, bindI18nStore: 'added' },
    })
    .then(() => {
      followDocumentLanguage(i18next.language);
      i18next.on('languageChanged', followDocumentLanguage);
      loadDeferredNamespacesOnFirstInteraction();
    });
  return started;
}

/** The language shown now. */
export function currentLanguage(): UiLanguage {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : DEFAULT_UI_LANGUAGE;
}

/**
 * Switches every mounted app: i18next loads each namespace in use in the new language first, then tells them all,
 * so no remote shows a mix. The choice is remembered in this browser.
 */
export async function changeLanguage(language: UiLanguage): Promise<void> {
  rememberLanguage(language);
  await i18next.changeLanguage(language);
}

registerTranslations('platform', { en: englishStrings, hi: hindiStrings });
