import { mount } from 'svelte';
import { connectTill } from './transport/index.ts';
import App from './App.svelte';
import { LocaleState, TillState } from './state/index.ts';
import './fonts.css';
import './app.css';

// The renderer's whole world is the till API behind connectTill(): over a MessagePort in Electron, a WebSocket in a browser.
const locale = new LocaleState();
locale.apply();
// Fonts (issue 34 item 8): the faces the first screens draw with start loading with the first script, not when their first
// letter is laid out (font-display: block hides text until its face is in). Arabic's faces only for an Arabic page: an
// English page fetches them when Arabic text shows (their unicode-range in app.css), as after Alt+L.
const sample = locale.current === 'ar' ? 'Aع' : 'A';
for (const weight of [400, 700]) void document.fonts.load(`${weight} 16px "Till Sans"`, sample).catch(() => {});
const till = new TillState(connectTill);
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element to mount the till into');
mount(App, { target, props: { till, locale } });
void till.start();
