const COMPONENTS = '#/components/schemas/';

/** Inlines every `$ref` to one of `components` (an OpenAPI document's named schemas); Baton's have no cycles. */
export function refInliner(components: Record<string, unknown>): (node: unknown) => unknown {
  const inlined = new Map<string, unknown>();
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== 'object') return node;
    const { $ref } = node as { $ref?: unknown };
    if (typeof $ref === 'string' && $ref.startsWith(COMPONENTS)) {
      const name = $ref.slice(COMPONENTS.length);
      if (!(name in components)) throw new Error(`No component ${name} for ${$ref}`);
      if (!inlined.has(name)) inlined.set(name, inline(components[name]));
      return inlined.get(name);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value)]));
  };
  return inline;
}

/** The document with every named schema (components.schemas) written out where a `$ref` names it. */
export function withRefsInlined<T>(document: T): T {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  return refInliner(components?.schemas ?? {})(document) as T;
}
