import { describe, expect, it } from 'vitest';
import { goalWords } from './mingle-compilation';

describe('goalWords', () => {
  it('lower-cases runs of letters, each once, and splits hyphenated words', () => {
    expect([...goalWords('Meet FinTech founders; fintech-heavy week, Week 2!')]).toEqual(['meet', 'fintech', 'founders', 'heavy', 'week']);
  });

  it('leaves out e-mail addresses, URLs, host names, single letters and numbers', () => {
    expect([...goalWords('Mail ada@mail.example, see https://ada.example/about or www.ada.example or ada.example a 42')]).toEqual(['mail', 'see', 'or']);
  });

  it('keeps letters of other scripts', () => {
    expect([...goalWords('Träffa investerare i Malmö')]).toEqual(['träffa', 'investerare', 'malmö']);
  });
});
