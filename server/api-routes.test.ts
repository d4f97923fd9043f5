import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../contract/api-routes';
import { createApp } from './app';
import { CapturingMailer } from './test/helpers/capturing-mailer';
import { apiRoutes, routeKey } from './test/helpers/app-routes';
import { testConfig } from './test/helpers/test-app';

describe("the API's routes", () => {
  it("are exactly the contract's list (contract/api-routes.ts), which the app and the service worker take their paths from", () => {
    // Listing the routes reads no data: the database is never asked.
    const app = createApp({ db: {} as never, mailer: new CapturingMailer(), config: testConfig() });
    const served = apiRoutes(app)
      .map(routeKey)
      .map((key) => key.replace(' /api/', ' /'))
      .sort();
    expect(served).toEqual([...API_ROUTES].sort());
  });
});
