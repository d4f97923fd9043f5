/** Query keys of the consent feature. */
export const consentKeys = {
  all: ['consents'] as const,
  list: () => [...consentKeys.all, 'list'] as const,
};
