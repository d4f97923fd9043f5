import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutInlineHandlers } from './inline-handlers';

describe('withoutInlineHandlers', () => {
  it('removes on* attributes in every spelling the HTML tokenizer accepts', () => {
    expect(withoutInlineHandlers('<p onclick="x()" class="a">t</p>')).toBe('<p  class="a">t</p>');
    expect(withoutInlineHandlers("<img src='/a.svg' ONERROR='y()'>")).toBe("<img src='/a.svg' >");
    expect(withoutInlineHandlers('<a href=/x onmouseover=y()>l</a>')).toBe('<a href=/x >l</a>');
    expect(withoutInlineHandlers('<p class="a"onclick=x>t</p>')).toBe('<p class="a">t</p>');
    expect(withoutInlineHandlers('<p/onclick=x>t</p>')).toBe('<p/>t</p>');
    expect(withoutInlineHandlers('<p onclick = "x" title=t>t</p>')).toBe('<p  title=t>t</p>');
    expect(withoutInlineHandlers('<svg><circle onload="x"/></svg>')).toBe('<svg><circle /></svg>');
    expect(withoutInlineHandlers('<p onclick>t</p>')).toBe('<p >t</p>');
  });

  it('reads quoted values whole, so a > or a quote inside them does not end the tag', () => {
    expect(withoutInlineHandlers('<a title="a > b" onclick="x">l</a>')).toBe('<a title="a > b" >l</a>');
    expect(withoutInlineHandlers(`<a title='say "on"' onclick='x("y")'>l</a>`)).toBe(`<a title='say "on"' >l</a>`);
    // An attribute value that mentions a handler is text.
    expect(withoutInlineHandlers('<a title="onclick=x">l</a>')).toBe('<a title="onclick=x">l</a>');
  });

  it('leaves text, comments, declarations and end tags as they are', () => {
    const same = [
      'Meet on=time, 3 < 4 and a > b; onclick="x" is only text here.',
      '<style>p[onclick] { color: red }</style>',
      '<?xml onclick="x"?><!doctype html><!-- a -->',
      '<p data-on="1" title=\'on\'>t</p>',
      'a </ b> c </>',
      '',
    ];
    for (const html of same) expect(withoutInlineHandlers(html), html).toBe(html);
  });

  it('reads the raw text of a script or a comment as markup too: DOMPurify drops those whole', () => {
    expect(withoutInlineHandlers('<script>var s = "<p onclick=\'x\'>";</script><p onclick=x>t</p>')).toBe('<script>var s = "<p >";</script><p >t</p>');
    expect(withoutInlineHandlers('<!-- <p onclick="x"> --><p>t</p>')).toBe('<!-- <p > --><p>t</p>');
  });

  it('takes linear time on the inputs that make a careless pattern backtrack', () => {
    const started = performance.now();
    for (const html of ['<a' + ' title="x'.repeat(20_000), '<a ' + 'onclick='.repeat(20_000), '<p ' + '"'.repeat(40_000), '<' + 'a'.repeat(40_000)])
      withoutInlineHandlers(html);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('is idempotent: what it leaves has nothing more to remove', () => {
    const piece = fc.constantFrom(
      '<p',
      '<a ',
      ' onclick=x',
      ' ONerror="y"',
      " title='>'",
      '>',
      '"',
      "'",
      '=',
      '/',
      ' ',
      'text',
      '<!--',
      '-->',
      '<script>',
      '</script>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const out = withoutInlineHandlers(pieces.join(''));
        expect(withoutInlineHandlers(out)).toBe(out);
      }),
    );
  });
});
