import type { ServerResponse } from 'node:http';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** A small bilingual page of the host's own (not the till UI), e.g. to pair a device. */
export function sendPage(
  response: ServerResponse,
  status: number,
  body: { en: string; ar: string; form?: boolean; code?: string | null },
  headers: Record<string, string> = {},
): void {
  // A code from the pairing QR (`/pair?code=…`) is filled in; the tablet still taps Pair.
  const value = body.code && /^\d{6}$/.test(body.code) ? ` value="${body.code}"` : '';
  const form = body.form
    ? `<form method="post" action="/pair"><label>Pairing code / رمز الإقران <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${value}></label> <button>Pair / إقران</button></form>`
    : '';
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Till</title>` +
      `<style>body{font:18px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}p[dir=rtl]{text-align:right}input{font-size:1.4rem;width:8ch}</style></head>` +
      `<body><h1>Till</h1><p>${escapeHtml(body.en)}</p><p dir="rtl" lang="ar">${escapeHtml(body.ar)}</p>${form}</body></html>`,
  );
}
