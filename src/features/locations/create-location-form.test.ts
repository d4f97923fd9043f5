import { describe, expect, it } from 'vitest';
import { checkNewLocation, COUNTRY_CHOICES, emptyNewLocation } from './create-location-form';

describe('the create custom location form', () => {
  it('needs a name and a country', () => {
    expect(checkNewLocation(emptyNewLocation())).toEqual({ ok: false, errors: { name: 'Location name required', country: 'Country required' } });
    expect(checkNewLocation({ name: '   ', country: 'SE', region: '' })).toEqual({ ok: false, errors: { name: 'Location name required' } });
  });

  it('sends the trimmed name, the country and a region only when one is given', () => {
    expect(checkNewLocation({ name: ' Lund ', country: 'SE', region: '' })).toEqual({ ok: true, request: { name: 'Lund', country: 'SE' } });
    expect(checkNewLocation({ name: 'Lund', country: 'SE', region: ' Skåne ' })).toEqual({
      ok: true,
      request: { name: 'Lund', country: 'SE', region: 'Skåne' },
    });
  });

  it("explains a name over 100 characters or holding code in docs/product.md's words", () => {
    const long = checkNewLocation({ name: 'x'.repeat(101), country: 'SE', region: '' });
    expect(long).toEqual({
      ok: false,
      errors: { name: "Your input for 'Location name' exceeds the maximum allowed length (100 characters). Please shorten it." },
    });
    const code = checkNewLocation({ name: 'Lund', country: 'SE', region: '<script>alert(1)</script>' });
    expect(code).toEqual({ ok: false, errors: { region: "We can't process your input for 'Region (optional)' right now. Please try again later." } });
  });

  it('refuses a country outside the 16 suggested ones', () => {
    expect(checkNewLocation({ name: 'Tokyo', country: 'JP', region: '' })).toEqual({ ok: false, errors: { country: 'Unknown country' } });
  });

  it('offers the 16 suggested countries by name', () => {
    expect(COUNTRY_CHOICES).toHaveLength(16);
    expect(COUNTRY_CHOICES[0]).toEqual({ code: 'AT', name: 'Austria' });
    expect(COUNTRY_CHOICES.at(-1)).toEqual({ code: 'US', name: 'United States' });
  });
});
