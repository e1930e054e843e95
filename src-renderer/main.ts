import { mount } from 'svelte';
import { connectTill } from './transport/index.ts';
import App from './App.svelte';
import { LocaleState, TillState } from './state/index.ts';
import './fonts.css';
import './app.css';

// The renderer's whole world is the till API behind connectTill(): over a MessagePort in Electron, a WebSocket in a browser.
const locale = new LocaleState();
locale.apply();
const till = new TillState(connectTill);
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element to mount the till into');
mount(App, { target, props: { till, locale } });
void till.start();
