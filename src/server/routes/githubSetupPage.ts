/** Text set into HTML, with what HTML gives meaning to written out. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The operator's setup pages: small, self-contained, readable without Baton's client. */
export function setupPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1c1c1e;background:#fff}
pre{white-space:pre-wrap;word-break:break-all;background:#f2f2f4;padding:1rem;border-radius:6px}
code{background:#f2f2f4;padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}button{font:inherit;padding:.5rem 1rem}
@media (prefers-color-scheme:dark){body{color:#ececef;background:#151517}pre,code{background:#26262a}a{color:#8ab4ff}}</style>
</head><body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}
