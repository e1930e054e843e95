/**
 * A product row as the pull stages it (Staging.insert into REPLICA.products), found by the words of
 * `search_text`; its English name is that text, its Arabic one `name_ar`.
 */
export function stagedProduct(id: string, search_text: string, sort_order: number, name_ar = 'قهوة') {
  return {
    id,
    market_id: 'm1',
    branch_id: null,
    category_id: 1,
    name_en: search_text,
    name_ar,
    description_en: null,
    description_ar: null,
    duration: null,
    stock: null,
    sort_order,
    images: null,
    is_active: 1,
    created_at: 0,
    updated_at: 0,
    rating_amount: 0,
    rating_avg: '0',
    sold_amount: 0,
    sold_revenue: 0,
    accounting_id: null,
    search_text,
  };
}
