import { ipcRenderer } from 'electron';

// The renderer gets exactly what main sends: a MessagePort to the till API
// and one to the app shell (the hub choice, checked by main), handed over as
// a window message to the page's own origin (app://till). No API is exposed
// on `window`.
ipcRenderer.once('till-port', (event) => {
  window.postMessage('till-port', window.location.origin, event.ports);
});
ipcRenderer.send('till-hello');
