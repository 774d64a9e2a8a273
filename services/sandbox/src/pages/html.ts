/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A string already escaped or built from escaped parts; `html` leaves it as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | undefined | null | false | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(value);
}

/** Tagged template: every interpolated value is escaped unless it is SafeHtml (or an array of it). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

const BASE_STYLES = `
  :root { color-scheme: light; --ink: #1f2937; --muted: #4b5563; --accent: #0b62c4; --accent-dark: #084b97;
    --surface: #ffffff; --page: #eef7fb; --error: #b42318; --border: #cbd5e1; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
    background: var(--page); }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; }
  h2 { font-size: 1.2rem; margin: 0 0 12px; }
  p { margin: 0 0 12px; }
  .note { color: var(--muted); }
  .banner { background: #fff7e6; border: 1px solid #f5c26b; border-radius: 8px; padding: 8px 12px; margin: 12px 0 20px; }
  .choices { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 0 0 16px; }
  .choice { display: inline-flex; align-items: center; min-height: 44px; padding: 0 16px; border-radius: 8px; background: #1d4ed8; color: #fff; font-weight: 700; text-decoration: none; }
  .choice:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); }
  .card { background: var(--surface); border: 1px solid var(--border); border-radius: 12px; padding: 20px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #94a3b8; border-radius: 8px; }
  button { font: inherit; font-weight: 600; cursor: pointer; border: 0; border-radius: 8px; padding: 10px 16px;
    background: var(--accent); color: #fff; min-height: 44px; }
  button:hover { background: var(--accent-dark); }
  button.secondary { background: #e2e8f0; color: var(--ink); }
  button.secondary:hover { background: #cbd5e1; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .form-actions { margin-top: 16px; }
  .error { color: var(--error); font-weight: 600; margin: 4px 0 0; }
  .alert { color: var(--error); background: #fef3f2; border: 1px solid #fda29b; border-radius: 8px; padding: 8px 12px; }
  .accounts { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  .account { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  .account img { width: 48px; height: 48px; border-radius: 50%; }
  .account .who { flex: 1 1 140px; }
  .account .role { color: var(--muted); font-size: .9rem; }
  table { width: 100%; border-collapse: collapse; background: var(--surface); }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: .9rem; }
`;

export function pageLayout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(BASE_STYLES)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`.value;
}
