// Issue 22, parts 1 and 3: the manager fills in the seller as ZATCA knows
// it on the Branch screen's ZATCA tab (each field checked as typed, in the
// screen's language), onboards the till against the demo's ZATCA stand-in
// with its OTP, and sees this till's EGS unit. In English and in
// Arabic, with the screenshots kept in docs/.

import { closeNotices, docsShot, expectInfoNotice, pairTill, type Lang } from './till-page.ts';
import { expect, test } from './till-test.ts';

const SELLER = {
  seller_name: 'مقهى الفجر',
  vat_number: '399999999900003',
  crn: '1010010000',
  street: 'King Fahd Road',
  building: '1234',
  district: 'Olaya',
  city: 'Riyadh',
  postal_code: '12345',
};

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`the seller's details are checked as typed and saved on the ZATCA tab, then the till is onboarded (${lang})`, async ({ page, server }) => {
    const ar = lang === 'ar';
    const guard = await pairTill(page, server.url, lang);
    await page.keyboard.press('F4');
    await page.getByTestId('branch-tab-zatca').click();
    await expect(page.getByTestId('branch-tab-zatca')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('zatca-tab')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', ar ? 'rtl' : 'ltr');

    // Not onboarded yet: the tab says what receipts carry meanwhile, and what is still needed.
    await expect(page.getByTestId('zatca-egs-none')).toHaveText(ar ? /غير مسجلة/ : /Not onboarded/);
    await expect(page.getByTestId('zatca-missing')).toContainText(ar ? 'رقم السجل التجاري' : 'Commercial registration number (CRN)');
    // Nothing in the status bar before onboarding.
    await expect(page.locator('[data-testid^="status-zatca"]')).toHaveCount(0);

    // A CRN of 5 digits and a 3-digit building number: each is marked at its field, in the screen's language, and nothing can be saved.
    await page.getByTestId('zatca-crn').fill('12345');
    await page.getByTestId('zatca-building').fill('123');
    await expect(page.getByTestId('zatca-crn-problem')).toHaveText(ar ? '10 أرقام' : '10 digits');
    await expect(page.getByTestId('zatca-building-problem')).toHaveText(ar ? '4 أرقام' : '4 digits');
    await expect(page.getByTestId('zatca-crn')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('zatca-seller-save')).toBeDisabled();
    // No internal names (setting keys) reach the screen.
    await expect(page.getByTestId('zatca-tab')).not.toContainText('seller.crn');
    await page.getByTestId('zatca-postal_code').fill('1234a');
    await expect(page.getByTestId('zatca-postal_code-problem')).toHaveText(ar ? '5 أرقام' : '5 digits');

    for (const [field, value] of Object.entries(SELLER)) await page.getByTestId(`zatca-${field}`).fill(value);
    await expect(page.getByTestId('zatca-crn-problem')).toHaveText('');
    await expect(page.getByTestId('zatca-crn')).toHaveAttribute('aria-invalid', 'false');
    await expectInfoNotice(page, ar ? 'تم الحفظ' : 'Saved', () => page.getByTestId('zatca-seller-save').click());
    await expect(page.getByTestId('zatca-missing')).toHaveCount(0);

    // Saved on the host: the tab read afresh shows them.
    await page.getByTestId('branch-tab-till').click();
    await page.getByTestId('branch-tab-zatca').click();
    await expect(page.getByTestId('zatca-crn')).toHaveValue(SELLER.crn);
    await expect(page.getByTestId('zatca-city')).toHaveValue(SELLER.city);

    // Onboarding through the screen, against the demo's ZATCA stand-in and its OTP: each step shown, then the unit's chain at ICV 1.
    await page.getByTestId('zatca-otp').fill('12345');
    await expect(page.getByTestId('zatca-onboard-start')).toBeDisabled();
    await page.getByTestId('zatca-otp').fill(server.demo.zatca_otp);
    await page.getByTestId('zatca-onboard-start').click();
    await expect(page.getByTestId('zatca-onboard-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('zatca-steps').locator('[data-state="done"]')).not.toHaveCount(0);
    await expect(page.getByTestId('zatca-egs-none')).toHaveCount(0);
    await expect(page.getByTestId('zatca-egs-icv')).toHaveText('1');
    await expect(page.getByTestId('zatca-egs-documents')).toHaveText('0');

    await closeNotices(page);
    await docsShot(page, `zatca-tab-${lang}`);
    expect(guard.errors).toEqual([]);
  });
}
