import type { ServedModifier } from '../tenant.ts';
import { detailAnswer } from '../answers.ts';
import { MESSAGES, notFound, successBody } from '../envelope.ts';
import { findLiveProduct } from '../find-product.ts';
import { MONEY_PATTERN } from '../money.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';
import { serializeModifier } from '../serialize-modifier.ts';
import { rules, Validator } from '../validation.ts';
import { listing, listRoute } from './list-route.ts';

type ModifierFields = Pick<ServedModifier, 'name_en' | 'name_ar' | 'price'>;

/**
 * The modifier body (not shown by the spec; emulator/README.md, 26): `name_en`,
 * `name_ar` and `price` (a decimal string with two places), all required to
 * create and each optional to update.
 */
function readModifierBody(body: unknown, creating: boolean): Partial<ModifierFields> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const v = new Validator();
  const out: Partial<ModifierFields> = {};
  for (const field of ['name_en', 'name_ar', 'price'] as const) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      if (creating) v.fail(field, rules.required(field));
    } else if (typeof value !== 'string') {
      v.fail(field, rules.string(field));
    } else if (field === 'price' && !MONEY_PATTERN.test(value)) {
      v.fail(field, rules.decimal(field));
    } else {
      out[field] = value;
    }
  }
  v.throwIfFailed();
  return out;
}

function findModifier(context: RequestContext): ServedModifier {
  const product = findLiveProduct(context.state.tenant, context.params.productId);
  const modifier = product.modifiers.find((m) => m.id === context.params.productModifierId);
  if (!modifier) throw notFound();
  return modifier;
}

export const modifierRoutes: RouteSpec[] = [
  listRoute('/products/:productId/modifiers', {
    list: (context) => listing(findLiveProduct(context.state.tenant, context.params.productId).modifiers, serializeModifier),
  }),
  {
    method: 'GET',
    url: '/products/:productId/modifiers/:productModifierId',
    permission: 'read',
    handle: (context) => detailAnswer(serializeModifier(findModifier(context))),
  },
  {
    method: 'POST',
    url: '/products/:productId/modifiers',
    permission: 'modifier-write',
    handle: (context) => {
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      const fields = readModifierBody(context.body, true) as ModifierFields;
      const modifier: ServedModifier = { id: context.state.newId(), product_id: product.id, ...fields };
      product.modifiers.push(modifier);
      product.updated_at = context.state.now();
      return { status: 201, body: successBody(201, MESSAGES.created, serializeModifier(modifier)) };
    },
  },
  {
    // Laravel-style update through POST: 200 with the updated modifier.
    method: 'POST',
    url: '/products/:productId/modifiers/:productModifierId',
    permission: 'modifier-write',
    handle: (context) => {
      const modifier = findModifier(context);
      Object.assign(modifier, readModifierBody(context.body, false));
      return { status: 200, body: successBody(200, MESSAGES.updated, serializeModifier(modifier)) };
    },
  },
];
