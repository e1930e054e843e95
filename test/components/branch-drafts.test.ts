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

  // No till code: numbers take this screen's station's code (issue 20), which the Stations tab names.
  await expect.element(screen.getByTestId('branch-till-numbers')).toHaveTextContent('A-001');
  await expect.element(screen.getByTestId('branch-till-code')).not.toBeInTheDocument();

  await screen.getByTestId('branch-till-idle').fill('999');
  await expect.element(bar).toHaveAttribute('data-dirty', 'true');
  await expect.element(screen.getByTestId('branch-till-idle-problem')).toHaveTextContent('whole minutes from 0 to 240');
  // The field names its hint and problem lines, and says it is wrong, for a screen reader.
  await expect.element(screen.getByTestId('branch-till-idle')).toHaveAttribute('aria-invalid', 'true');
  await expect.element(screen.getByTestId('branch-till-idle')).toHaveAttribute('aria-describedby', 'till-idle-hint till-idle-problem');
  await expect.element(screen.getByTestId('branch-save')).toBeDisabled();

  await screen.getByTestId('branch-discard').click();
  await expect.element(bar).toHaveAttribute('data-dirty', 'false');
  await expect.element(screen.getByTestId('branch-till-idle')).toHaveValue(5);

  await screen.getByTestId('branch-till-idle').fill('12');
  await screen.getByTestId('branch-save').click();
  await expect.element(bar).toHaveAttribute('data-dirty', 'false');
  await expect.element(screen.getByTestId('branch-till-idle')).toHaveValue(12);
  expect((await till.api.branchSetup()).till).toEqual({ day_cutoff_hour: 0, idle_lock_minutes: 12 });
});

test('leaving with unsaved changes asks; Stay keeps them, leaving drops them', async () => {
  const till = await realTill();
  till.view = 'branch';
  const screen = await render(BranchScreen, withTill(till));
  await screen.getByTestId('branch-tab-till').click();
  await screen.getByTestId('branch-till-idle').fill('9');
  await expect.element(screen.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'true');

  till.view = 'sell';
  expect(till.view).toBe('branch');
  await expect.element(screen.getByTestId('unsaved-dialog')).toBeVisible();
  // Stay stands last and has the focus, so Enter keeps the changes.
  await expect.element(screen.getByTestId('unsaved-stay')).toHaveFocus();
  await expect.element(screen.getByTestId('unsaved-dialog').getByRole('button').last()).toHaveAttribute('data-testid', 'unsaved-stay');
  await screen.getByTestId('unsaved-stay').click();
  await expect.element(screen.getByTestId('branch-till-idle')).toHaveValue(9);

  await screen.getByTestId('branch-tab-printers').click();
  await expect.element(screen.getByTestId('unsaved-dialog')).toBeVisible();
  await screen.getByTestId('unsaved-leave').click();
  await expect.element(screen.getByTestId('branch-tab-printers')).toHaveAttribute('aria-selected', 'true');
  till.view = 'sell';
  expect(till.view).toBe('sell');
});
