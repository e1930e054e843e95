// The page a station's window shows when its hub does not answer at start
// (the hub's own UI says it once loaded: the cart stays, payment waits).
// A data: URL, so it needs nothing from the hub or the disk. Free of
// `electron`, so plain Node tests it.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Seconds between a station's tries to load its hub's page. */
export const HUB_RETRY_SECONDS = 5;

export function hubUnreachablePage(hub: string): string {
  const address = escapeHtml(hub);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Till</title>` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<style>body{font:18px system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem}p[dir=rtl]{text-align:right}</style></head><body>` +
    `<h1>Till</h1>` +
    `<p>This till is a station of the hub at <bdi>${address}</bdi>, which does not answer. Check that the hub’s till is on and on the same network; ` +
    `this station tries again every ${HUB_RETRY_SECONDS} seconds. No sale is taken here until the hub answers.</p>` +
    `<p dir="rtl" lang="ar">هذا الجهاز محطة تابعة للجهاز الرئيسي على العنوان <bdi dir="ltr">${address}</bdi>، وهو لا يجيب. تأكد من أن نظام الكاشير في الجهاز الرئيسي يعمل وعلى الشبكة نفسها؛ ` +
    `تعيد هذه المحطة المحاولة كل ${HUB_RETRY_SECONDS} ثوانٍ. لا يُؤخذ أي بيع هنا حتى يجيب الجهاز الرئيسي.</p>` +
    `</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
