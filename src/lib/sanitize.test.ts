import '../test/dompurify-happy-dom';
import { describe, expect, it } from 'vitest';
import { SANITIZE_CONFIG, sanitizeHtml, stripTags, type Purifier } from './sanitize';

/** Parses the cleaned HTML so the assertions look at elements, not at string details. */
function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('sanitizeHtml', () => {
  it('drops script elements and their content', () => {
    const out = sanitizeHtml('<p>Bring your laptop.</p><script>window.__ran = true;</script>');
    expect(out).toBe('<p>Bring your laptop.</p>');
  });

  it('drops event handler attributes, data attributes and style', () => {
    const root = parse(
      sanitizeHtml(
        '<p onclick="x()" data-tracking="hero" style="color:red" class="lead" aria-label="x">Seats are limited, <span onmouseover="y()">book</span></p><img src="/a.svg" onerror="z()">',
      ),
    );
    const p = root.querySelector('p')!;
    expect(p.getAttributeNames()).toEqual(['class']);
    expect(root.querySelector('span')!.getAttributeNames()).toEqual([]);
    expect(root.querySelector('img')).toBeNull();
    expect(root.innerHTML).not.toMatch(/onclick|onerror|onmouseover|data-tracking|style=|aria-label/);
    expect(root.textContent).toBe('Seats are limited, book');
  });

  it('keeps every allowed tag', () => {
    const html = SANITIZE_CONFIG.ALLOWED_TAGS.filter((tag) => tag !== 'br' && tag !== 'li' && tag !== 'a')
      .map((tag) => `<${tag}>${tag}</${tag}>`)
      .join('');
    const root = parse(sanitizeHtml(`${html}<ul><li>one</li></ul><ol><li>two</li></ol>line<br>break <a href="https://x.example">link</a>`));
    for (const tag of SANITIZE_CONFIG.ALLOWED_TAGS) expect(root.querySelector(tag), tag).not.toBeNull();
  });

  it('removes tags outside the allowlist but keeps their text', () => {
    const root = parse(sanitizeHtml('<table><tr><td>cell</td></tr></table><b>bold</b><form><input value="x"></form><style>p{}</style>'));
    expect(root.querySelector('table, b, form, input, style')).toBeNull();
    expect(root.textContent).toContain('cell');
    expect(root.textContent).toContain('bold');
  });

  it('makes every link open safely in a new tab', () => {
    const root = parse(sanitizeHtml('<a href="https://tickets.example/x" target="_self" rel="opener">book</a> <a href="/local">here</a>'));
    const links = Array.from(root.querySelectorAll('a'));
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(links[0]!.getAttribute('href')).toBe('https://tickets.example/x');
  });

  it('drops javascript: URLs', () => {
    const root = parse(sanitizeHtml('<a href="javascript:alert(1)">x</a>'));
    expect(root.querySelector('a')!.hasAttribute('href')).toBe(false);
  });

  it('answers an empty string for no description', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });

  it('falls back to escaped text when DOMPurify throws', () => {
    const broken: Purifier = {
      sanitize: () => {
        throw new Error('boom');
      },
    };
    const out = sanitizeHtml('<p onclick="x()">Hello <strong>world</strong> &amp; you</p><script>alert(1)</script><img src=x onerror=y()>', broken);
    expect(out).toBe('Hello world &amp; you');
    const root = parse(out);
    expect(root.children).toHaveLength(0);
    expect(root.textContent).toBe('Hello world & you');
  });
});

describe('stripTags', () => {
  it('escapes what could still start markup', () => {
    expect(stripTags('x > y "d" \'e\' & f &lt;')).toBe('x &gt; y &quot;d&quot; &#39;e&#39; &amp; f &lt;');
    expect(stripTags('<img src=x onerror=alert(1)')).toBe('&lt;img src=x onerror=alert(1)');
  });
});
