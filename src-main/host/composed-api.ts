/** The names of a service's methods (its function-valued members). */
type MethodName<Service> = { [Name in keyof Service]: Service[Name] extends (...args: never[]) => unknown ? Name : never }[keyof Service];

/**
 * The named methods of a service, bound to it: one part of an API composed
 * from services. The names are a runtime list (`as const`) that the part's
 * type derives from, so a name the service lacks is a type error.
 */
export function methodsOf<Service extends object, const Names extends readonly MethodName<Service>[]>(
  service: Service,
  names: Names,
): Pick<Service, Names[number]> {
  const part: Partial<Record<Names[number], unknown>> = {};
  for (const name of names as readonly Names[number][]) part[name] = (service[name] as (...args: unknown[]) => unknown).bind(service);
  return part as Pick<Service, Names[number]>;
}

/** The first name that stands twice in a list (never when each stands once). */
type Repeated<Names extends readonly unknown[]> = Names extends readonly [infer First, ...infer Rest]
  ? First extends Rest[number]
    ? First
    : Repeated<Rest>
  : never;

/** `true` when each name stands once in the list; otherwise a type that names the first one twice, so `const x: EachOnce<...> = true` fails with it. */
export type EachOnce<Names extends readonly unknown[]> = [Repeated<Names>] extends [never] ? true : { 'named twice': Repeated<Names> };

/**
 * A base class whose instances are an API assembled from parts:
 * `class X extends composedOf<Api>() { constructor() { super({ ...methodsOf(a, A_METHODS), ... }) } }`.
 * `super` takes exactly `Api`, so a method no part provides is a type error;
 * check that no method comes from two parts with `EachOnce` over the lists.
 * The methods become the instance's own properties, as class-field arrow
 * functions would, so a transport calls them by name.
 */
export function composedOf<Api extends object>(): new (methods: Api) => Api {
  return class {
    constructor(methods: Api) {
      Object.assign(this, methods);
    }
  } as new (methods: Api) => Api;
}
