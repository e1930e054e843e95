// The Branch screen's Kitchens tab over a real till host (issue 21): a
// kitchen display station gets its categories and its fallback printer,
// saved through the till API, and the preview says which display shows a
// category beside its printers.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { BranchScreen } from '../../src-renderer/branch/index.ts';
import { realTill, withTill } from './real-till.ts';

test('the Kitchens tab: a display’s categories and fallback printer, saved and shown in the preview', async () => {
  const till = await realTill();
  await till.api.addStation({ name: 'Hot line', code: 'K', kind: 'kitchen_display' });
  till.view = 'branch';
  const screen = await render(BranchScreen, withTill(till));
  await screen.getByTestId('branch-tab-kitchens').click();
  const display = screen.getByTestId('kitchen-display');
  await expect.element(display).toHaveAttribute('data-station', 'K');
  const setup = await till.api.branchSetup();
  const [first, second] = setup.categories;
  await display.getByTestId('kitchen-display-category').nth(0).click();
  await display.getByTestId('kitchen-display-category').nth(1).click();
  await display.getByTestId('kitchen-display-fallback').selectOptions(setup.printers[0]!.id);
  await display.getByTestId('kitchen-display-save').click();
  await expect.element(screen.getByTestId('branch-route-display').first()).toHaveTextContent('display \u2068Hot line\u2069');
  expect(await till.api.kitchenDisplays()).toMatchObject([
    { station: { code: 'K' }, categories: [first!.category_id, second!.category_id].sort((a, b) => a - b), fallback_printer_id: setup.printers[0]!.id },
  ]);
});
