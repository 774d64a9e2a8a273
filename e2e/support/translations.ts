// The portal's own strings, read from the translation files, so a journey in Hindi asks for what a Hindi reader sees
// (and a reworded translation does not break it). Keys are the dotted paths of the apps' locales/<language>.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const FOLDERS = {
  platform: 'libs/platform/src/i18n/locales',
  ui: 'libs/ui/src/locales',
  shell: 'shell/src/locales',
  learner: 'mfe-learner/src/locales',
  'learner-study': 'mfe-learner/src/locales/study',
  educator: 'mfe-educator/src/locales',
  info: 'mfe-info-pages/src/locales',
  // The progress service's emails and notifications.
  progressEmails: 'services/progress/src/i18n',
} as const;

type Namespace = keyof typeof FOLDERS;
const cache = new Map<string, Record<string, unknown>>();

function table(namespace: Namespace, language: 'en' | 'hi'): Record<string, unknown> {
  const file = path.join(repoRoot, FOLDERS[namespace], `${language}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  return cache.get(file)!;
}

/**
 * What a reader sees or hears for `namespace:key` in a language, {{placeholders}} filled and <Trans> tags dropped
 * (their text stays): `text('hi', 'shell:nav.myEnrollments')`.
 */
export function text(language: 'en' | 'hi', key: `${Namespace}:${string}`, values: Record<string, string | number> = {}): string {
  const [namespace, dotted] = key.split(':') as [Namespace, string];
  const found = dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table(namespace, language));
  if (typeof found !== 'string') throw new Error(`No ${language} text for ${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`)).replace(/<\/?[A-Za-z][\w-]*\s*\/?>/g, '');
}
