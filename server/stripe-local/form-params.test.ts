import { describe, expect, it } from 'vitest';
import { expandParam, metadataParam, parseParams } from './form-params';

describe("Stripe's bracket form encoding", () => {
  it('folds nested keys, indexed arrays and appended arrays', () => {
    const params = parseParams(
      'mode=subscription&line_items[0][price]=price_x&line_items[0][quantity]=1&metadata[userId]=u%201&subscription_data[metadata][userId]=u1&expand[]=subscription&expand[]=customer',
    );
    expect(params).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_x', quantity: '1' }],
      metadata: { userId: 'u 1' },
      subscription_data: { metadata: { userId: 'u1' } },
      expand: ['subscription', 'customer'],
    });
    expect(expandParam(params)).toEqual(['subscription', 'customer']);
    expect(metadataParam(params)).toEqual({ userId: 'u 1' });
  });

  it('reads the SDK’s encoded brackets too', () => {
    expect(parseParams('expand%5B0%5D=data.customer')).toEqual({ expand: ['data.customer'] });
  });
});
