import { lazyRetrying } from '../../../src/server/integrations/oidc/lazyRetrying';

describe('lazyRetrying (the per-provider discovery cache)', () => {
  test('loads on first use only, and concurrent callers share one load', async () => {
    const load = jest.fn(async () => 'metadata');
    const get = lazyRetrying(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([get(), get()])).toEqual(['metadata', 'metadata']);
    expect(await get()).toBe('metadata');
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load is retried on the next call, then cached', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('unreachable'))
      .mockResolvedValue('metadata');
    const get = lazyRetrying(load);
    await expect(get()).rejects.toThrow('unreachable');
    expect(await get()).toBe('metadata');
    expect(await get()).toBe('metadata');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
