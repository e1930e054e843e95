// The Branch screen's one saving model over a real till host: every tab
// edits a draft, the screen's bar says "Unsaved changes" and holds Save and
// Discard, problems are shown at their field, and leaving asks first.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { BranchScreen } from '../../src-renderer/branch/index.ts';
import { realTill, withTill } from './real-till.ts';

test('the Till tab: a draft, the bar, a problem at the field, Discard, and Save', async () => {
  const till = await realTill();
  till.view = 'branch';
  const screen = await render(BranchScreen, withTill(till));
  await screen.getByTestId('branch-tab-till').click();
  const bar = screen.getByTestId('branch-save-bar');
  await expect.element(bar).toHaveAttribute('data-dirty', 'false');
  await expect.element(screen.getByTestId('branch-save')).toBeDisabled();

  await screen.getByTestId('branch-till-code').fill('9');
  await expect.element(bar).toHaveAttribute('data-dirty', 'true');
  await expect.element(screen.getByTestId('branch-till-code-problem')).toHaveTextContent('one or two letters A–Z, or empty');
  await expect.element(screen.getByTestId('branch-save')).toBeDisabled();

  await screen.getByTestId('branch-discard').click();
  await expect.element(bar).toHaveAttribute('data-dirty', 'false');
  await expect.element(screen.getByTestId('branch-till-code')).toHaveValue('');

  await screen.getByTestId('branch-till-code').fill('d');
  await screen.getByTestId('branch-save').click();
  await expect.element(bar).toHaveAttribute('data-dirty', 'false');
  await expect.element(screen.getByTestId('branch-till-code')).toHaveValue('D');
  expect((await till.api.branchSetup()).till.code).toBe('D');
});

test('leaving with unsaved changes asks; Stay keeps them, leaving drops them', async () => {
  const till = await realTill();
  till.view = 'branch';
  const screen = await render(BranchScreen, withTill(till));
  await screen.getByTestId('branch-tab-till').click();
  await screen.getByTestId('branch-till-code').fill('Q');
  await expect.element(screen.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'true');

  till.view = 'sell';
  expect(till.view).toBe('branch');
  await expect.element(screen.getByTestId('unsaved-dialog')).toBeVisible();
  await screen.getByTestId('unsaved-stay').click();
  await expect.element(screen.getByTestId('branch-till-code')).toHaveValue('Q');

  await screen.getByTestId('branch-tab-printers').click();
  await expect.element(screen.getByTestId('unsaved-dialog')).toBeVisible();
  await screen.getByTestId('unsaved-leave').click();
  await expect.element(screen.getByTestId('branch-tab-printers')).toHaveAttribute('aria-selected', 'true');
  till.view = 'sell';
  expect(till.view).toBe('sell');
});
