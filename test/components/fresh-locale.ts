import { beforeEach } from 'vitest';

// Every component test starts in English, as a new till does: a test that switches to Arabic saves the choice in
// localStorage (as the till remembers it across restarts), and the test files share one browser page.
beforeEach(() => {
  localStorage.removeItem('till.locale');
});
