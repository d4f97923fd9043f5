/** Query keys of the subscription feature. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  detail: () => [...subscriptionKeys.all, 'detail'] as const,
};
