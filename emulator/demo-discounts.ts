/**
 * A tenant's discount as the emulated service serves it: its wire members
 * (the spec shows none; emulator/README.md, "Discounts"), with the market and
 * branches it belongs to. Tests change them freely between requests.
 */
export interface TenantDiscount extends Record<string, unknown> {
  id: string;
}

/**
 * The demo chain's discounts (issue 35): a percentage, an amount over a
 * minimum order, a capped percentage, one product's, one category's, an
 * afternoon window, a coupon code, an automatic one in a future period and
 * a retired one. Every one but the automatic one is picked by the cashier,
 * so a demo sale's total never changes by itself.
 */
export function demoDiscounts(marketId: string, branchId: string, productIds: { croissant: string }, newId: () => string): TenantDiscount[] {
  const base = { market_id: marketId, branch_ids: [branchId], is_active: true, is_automatic: false, code: null, deleted_at: null };
  return [
    { ...base, id: newId(), name_en: 'Staff 10%', name_ar: 'خصم الموظفين 10%', type: 'PERCENT', value: '10.00', applies_to: 'ORDER' },
    {
      ...base,
      id: newId(),
      name_en: '5.00 off over 30.00',
      name_ar: 'خصم 5.00 فوق 30.00',
      type: 'AMOUNT',
      value: '5.00',
      min_order: '30.00',
      applies_to: 'ORDER',
    },
    {
      ...base,
      id: newId(),
      name_en: 'Family 20% (up to 15.00)',
      name_ar: 'العائلة 20% (حتى 15.00)',
      type: 'PERCENT',
      value: '20.00',
      max_amount: '15.00',
      applies_to: 'ORDER',
    },
    {
      ...base,
      id: newId(),
      name_en: 'Butter croissant half price',
      name_ar: 'كرواسون بالزبدة بنصف السعر',
      type: 'PERCENT',
      value: '50.00',
      applies_to: 'PRODUCTS',
      product_ids: [productIds.croissant],
    },
    {
      ...base,
      id: newId(),
      name_en: 'Iced drinks 15%',
      name_ar: 'المشروبات المثلجة 15%',
      type: 'PERCENT',
      value: '15.00',
      applies_to: 'CATEGORIES',
      category_ids: [2],
    },
    {
      ...base,
      id: newId(),
      name_en: 'Afternoon coffee 3.00 off',
      name_ar: 'قهوة العصر خصم 3.00',
      type: 'AMOUNT',
      value: '3.00',
      applies_to: 'CATEGORIES',
      category_ids: [1],
      days: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'],
      start_time: '15:00',
      end_time: '18:00',
    },
    { ...base, id: newId(), name_en: 'Flyer 15%', name_ar: 'قسيمة 15%', type: 'PERCENT', value: '15.00', applies_to: 'ORDER', code: 'FLYER15' },
    {
      ...base,
      id: newId(),
      name_en: 'Ramadan 2030 10%',
      name_ar: 'رمضان 2030 10%',
      type: 'PERCENT',
      value: '10.00',
      applies_to: 'ORDER',
      is_automatic: true,
      starts_at: '2030-01-04',
      ends_at: '2030-02-02',
    },
    { ...base, id: newId(), name_en: 'Opening week', name_ar: 'أسبوع الافتتاح', type: 'AMOUNT', value: '10.00', applies_to: 'ORDER', is_active: false },
  ];
}
