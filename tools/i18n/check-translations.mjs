#!/usr/bin/env node
// The translation key check (run by `npm run lint`, so CI fails on it): both languages of every namespace hold
// the same keys with the same {{placeholders}}, plural keys come as _one and _other, and every literal key the
// source passes to t() (or <Trans i18nKey>) exists. A key built at run time must be listed in full somewhere as a
// literal (a map of keys), so it is checked too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { TRANSLATION_FOLDERS, SOURCE_FOLDERS } = require('./translation-folders.cjs');
const root = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['en', 'hi'];
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];
const problems = [];

function flatten(object, prefix = '', into = new Map()) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, name, into);
    else into.set(name, String(value));
  }
  return into;
}

// <Trans> components are named tags; an HTML void element's name (<link>, <img>…) is parsed as empty, losing its text.
const VOID_ELEMENTS = new Set(['area', 'base', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const tags = (text) => [...text.matchAll(/<\/?([A-Za-z][\w-]*)\s*\/?>/g)].map((match) => match[1]).sort().join(',');

const placeholders = (text) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort().join(',');

function sourceFiles(folder) {
  const found = [];
  for (const entry of readdirSync(folder)) {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) {
      if (entry !== 'testing' && entry !== 'locales') found.push(...sourceFiles(file));
    } else if (/\.(ts|tsx)$/.test(entry) && !/\.spec\.tsx?$/.test(entry)) found.push(file);
  }
  return found;
}

// Keyed by the services' English sentences: only the other languages have a file, and their keys are the English.
const KEYED_BY_ENGLISH = new Set(['messages']);

const keysByNamespace = new Map();
for (const [namespace, folder] of Object.entries(TRANSLATION_FOLDERS)) {
  if (KEYED_BY_ENGLISH.has(namespace)) {
    for (const language of LANGUAGES.slice(1)) {
      const translated = JSON.parse(readFileSync(path.join(root, folder, `${language}.json`), 'utf8'));
      for (const [english, text] of Object.entries(translated)) {
        if (typeof text !== 'string' || !text.trim()) problems.push(`${namespace}: "${english}" is empty in ${language}`);
        else if (placeholders(english) !== placeholders(text)) problems.push(`${namespace}: "${english}" has other {{placeholders}} in ${language}`);
      }
    }
    continue;
  }
  const [english, ...others] = LANGUAGES.map((language) => {
    const file = path.join(root, folder, `${language}.json`);
    if (!existsSync(file)) {
      problems.push(`${folder}/${language}.json is missing`);
      return new Map();
    }
    return flatten(JSON.parse(readFileSync(file, 'utf8')));
  });
  keysByNamespace.set(namespace, english);
  others.forEach((translated, index) => {
    const language = LANGUAGES[index + 1];
    for (const [key, text] of english) {
      if (!translated.has(key)) problems.push(`${namespace}: "${key}" has no ${language} translation`);
      else if (placeholders(text) !== placeholders(translated.get(key))) problems.push(`${namespace}: "${key}" has other {{placeholders}} in ${language}`);
      else if (!translated.get(key).trim()) problems.push(`${namespace}: "${key}" is empty in ${language}`);
      else if (tags(text) !== tags(translated.get(key))) problems.push(`${namespace}: "${key}" has other <tags> in ${language}`);
    }
    for (const key of translated.keys()) if (!english.has(key)) problems.push(`${namespace}: "${key}" is in ${language} but not in en`);
  });
  for (const [key, text] of english) {
    for (const tag of new Set(tags(text).split(','))) if (VOID_ELEMENTS.has(tag)) problems.push(`${namespace}: "${key}" uses <${tag}>, an HTML void element: <Trans> would drop its text (name it otherwise)`);
  }
  for (const key of english.keys()) {
    if (key.endsWith('_one') && !english.has(key.replace(/_one$/, '_other'))) problems.push(`${namespace}: "${key}" has no _other form`);
  }
}

const exists = (keys, key) => keys.has(key) || PLURAL_SUFFIXES.some((suffix) => keys.has(`${key}${suffix}`));
// t('key'), t("key"), i18nKey="key", and keys of another namespace written "ns:key".
const usedKey = /(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([\w:.-]+)\1/g;
// A file whose every useTranslation('…') names one namespace uses that one for its bare keys (the learner's study
// pages use `learner-study`); otherwise its folder's namespace.
const namedNamespace = /\buseTranslation\(\s*(['"])([\w-]+)\1/g;
function namespaceOfFile(source, folderNamespace) {
  const named = new Set([...source.matchAll(namedNamespace)].map((match) => match[2]));
  return named.size === 1 ? [...named][0] : folderNamespace;
}
for (const [folderNamespace, folder] of Object.entries(SOURCE_FOLDERS)) {
  for (const file of sourceFiles(path.join(root, folder))) {
    const source = readFileSync(file, 'utf8');
    const namespace = namespaceOfFile(source, folderNamespace);
    for (const match of source.matchAll(usedKey)) {
      const [keyNamespace, key] = match[2].includes(':') ? match[2].split(':') : [namespace, match[2]];
      const keys = keysByNamespace.get(keyNamespace);
      if (!keys) problems.push(`${path.relative(root, file)}: unknown namespace "${keyNamespace}" in "${match[2]}"`);
      else if (!exists(keys, key)) problems.push(`${path.relative(root, file)}: "${match[2]}" is not in ${TRANSLATION_FOLDERS[keyNamespace]}/en.json`);
    }
  }
}

if (problems.length) {
  console.error(`Translation check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Translation check: ${[...keysByNamespace.values()].reduce((sum, keys) => sum + keys.size, 0)} keys in ${LANGUAGES.join(' and ')}, all present.`);
