import { createHash } from 'node:crypto';
import { escapeHtml } from './html.js';

const AVATAR_COLOURS = ['#0b62c4', '#7c3aed', '#b45309', '#047857', '#be123c', '#0e7490', '#4338ca', '#a21caf'];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => word !== '');
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}

/** A round avatar: the person's initials on a colour chosen from their id, stable across restarts. */
export function avatarSvg(avatarId: string, name: string): string {
  const colourIndex = createHash('sha256').update(avatarId).digest()[0]! % AVATAR_COLOURS.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeHtml(name)}">
<circle cx="64" cy="64" r="64" fill="${AVATAR_COLOURS[colourIndex]}"/>
<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${escapeHtml(initialsOf(name))}</text>
</svg>`;
}
